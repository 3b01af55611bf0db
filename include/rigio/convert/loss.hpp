// rigio/convert/loss.hpp: the loss report of conversions, which is rigio's one loss report
// (rigio/io/loss.hpp), under the names the converters have always used.
#pragma once

#include "rigio/io/loss.hpp"

namespace rigio::convert {

using rigio::Loss;
using rigio::LossReport;
using rigio::loss_report_json;
using rigio::loss_report_text;

}  // namespace rigio::convert
