#include "dragonbones_easing.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace rigio::convert::db2spine {

namespace {

double bezier(double p0, double p1, double p2, double p3, double t) {
    const double s = 1 - t;
    return s * s * s * p0 + 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t * p3;
}

// Parameter at which the Bezier's x reaches `x` (x monotone in practice; bisection stays in [0, 1]).
double solve_x(double x0, double x1, double x2, double x3, double x) {
    double lo = 0, hi = 1;
    for (int i = 0; i < 60; ++i) {
        const double mid = (lo + hi) / 2;
        (bezier(x0, x1, x2, x3, mid) < x ? lo : hi) = mid;
    }
    return (lo + hi) / 2;
}

// One segment of a DragonBones curve: from (x0, y0) to (x3, y3) with inner control points 1 and 2.
struct Segment {
    double x0, y0, x1, y1, x2, y2, x3, y3;
};

std::vector<Segment> segments(const std::vector<double>& c) {
    std::vector<Segment> out;
    double x = 0, y = 0;
    std::size_t i = 0;
    while (i + 4 <= c.size()) {
        Segment s{x, y, c[i], c[i + 1], c[i + 2], c[i + 3], 1, 1};
        if (i + 6 <= c.size() && i + 10 <= c.size()) {
            s.x3 = c[i + 4];
            s.y3 = c[i + 5];
            i += 6;
        } else {
            i = c.size();
        }
        out.push_back(s);
        x = s.x3;
        y = s.y3;
    }
    return out;
}

double curve_value(const std::vector<double>& c, double u) {
    for (const Segment& s : segments(c)) {
        if (u <= s.x3 || s.x3 >= 1) {
            if (s.x3 <= s.x0) return s.y3;
            return bezier(s.y0, s.y1, s.y2, s.y3, solve_x(s.x0, s.x1, s.x2, s.x3, u));
        }
    }
    return u;
}

// Normalised Bezier curve evaluation (Spine's meaning: cx of time, cy of value change).
double spine_curve_value(const spine::Curve& c, double x) {
    switch (c.type) {
        case spine::CurveType::Stepped: return x >= 1 ? 1 : 0;
        case spine::CurveType::Linear: return x;
        case spine::CurveType::Bezier: return bezier(0, c.cy1, c.cy2, 1, solve_x(0, c.cx1, c.cx2, 1, x));
    }
    return x;
}

spine::Curve linear() { return {}; }

std::vector<double> lerp(const std::vector<double>& a, const std::vector<double>& b, double p) {
    std::vector<double> out(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) out[i] = a[i] + ((i < b.size() ? b[i] : a[i]) - a[i]) * p;
    return out;
}

struct Split {
    std::vector<double> value;
    spine::Curve left, right;  // curves of the parts before and after the cut
};

// Cuts the piece from key a to key b at time fraction x in (0, 1).
Split split(const Key& a, const Key& b, double x) {
    Split out;
    out.value = lerp(a.v, b.v, spine_curve_value(a.curve, x));
    out.left = out.right = a.curve;
    if (a.curve.type != spine::CurveType::Bezier) return out;
    const double t = solve_x(0, a.curve.cx1, a.curve.cx2, 1, x);
    auto mix = [t](double p, double q) { return p + (q - p) * t; };
    const double px[4] = {0, a.curve.cx1, a.curve.cx2, 1}, py[4] = {0, a.curve.cy1, a.curve.cy2, 1};
    const double ax = mix(px[0], px[1]), ay = mix(py[0], py[1]);
    const double bx = mix(px[1], px[2]), by = mix(py[1], py[2]);
    const double cx = mix(px[2], px[3]), cy = mix(py[2], py[3]);
    const double dx = mix(ax, bx), dy = mix(ay, by), ex = mix(bx, cx), ey = mix(by, cy);
    const double sx = mix(dx, ex), sy = mix(dy, ey);
    // Left part: (0,0) a d s; right part: s e c (1,1); each normalised to its own box.
    if (std::abs(sy) > 1e-12 && sx > 1e-12)
        out.left = {spine::CurveType::Bezier, float(ax / sx), float(ay / sy), float(dx / sx), float(dy / sy)};
    else
        out.left = linear();
    if (std::abs(1 - sy) > 1e-12 && 1 - sx > 1e-12)
        out.right = {spine::CurveType::Bezier, float((ex - sx) / (1 - sx)), float((ey - sy) / (1 - sy)),
                     float((cx - sx) / (1 - sx)), float((cy - sy) / (1 - sy))};
    else
        out.right = linear();
    return out;
}

// Control points of the part of a cubic Bezier between parameters ta < tb (de Casteljau), one axis.
std::array<double, 4> sub_bezier(const std::array<double, 4>& p, double ta, double tb) {
    auto split_left = [](const std::array<double, 4>& q, double t) {  // part [0, t]
        const double a = q[0] + (q[1] - q[0]) * t, b = q[1] + (q[2] - q[1]) * t, c = q[2] + (q[3] - q[2]) * t;
        const double d = a + (b - a) * t, e = b + (c - b) * t;
        return std::array<double, 4>{q[0], a, d, d + (e - d) * t};
    };
    auto split_right = [](const std::array<double, 4>& q, double t) {  // part [t, 1]
        const double a = q[0] + (q[1] - q[0]) * t, b = q[1] + (q[2] - q[1]) * t, c = q[2] + (q[3] - q[2]) * t;
        const double d = a + (b - a) * t, e = b + (c - b) * t;
        return std::array<double, 4>{d + (e - d) * t, e, c, q[3]};
    };
    const std::array<double, 4> left = split_left(p, tb);
    return tb > 0 ? split_right(left, ta / tb) : left;
}

// A DragonBones Bezier curve as Spine keys: each segment cut into pieces at equal parameter steps,
// each piece the exact sub-curve, normalised to Spine's (time, value) fractions.
void append_curve(Track& track, double t0, const std::vector<double>& from, double t1, const std::vector<double>& to,
                  const std::vector<double>& curve, int pieces) {
    for (const Segment& s : segments(curve)) {
        const std::array<double, 4> px{s.x0, s.x1, s.x2, s.x3}, py{s.y0, s.y1, s.y2, s.y3};
        for (int j = 0; j < pieces; ++j) {
            const auto qx = sub_bezier(px, double(j) / pieces, double(j + 1) / pieces);
            const auto qy = sub_bezier(py, double(j) / pieces, double(j + 1) / pieces);
            const double w = qx[3] - qx[0], h = qy[3] - qy[0];
            if (w <= 1e-9) continue;
            Key k{t0 + qx[0] * (t1 - t0), lerp(from, to, qy[0]), linear()};
            if (std::abs(h) > 1e-9)
                k.curve = {spine::CurveType::Bezier, float((qx[1] - qx[0]) / w), float((qy[1] - qy[0]) / h),
                           float((qx[2] - qx[0]) / w), float((qy[2] - qy[0]) / h)};
            track.push_back(std::move(k));
        }
    }
}

}  // namespace

Easing easing_of(const dragonbones::Frame& frame) {
    Easing e;
    if (frame.curve && frame.curve->size() >= 4) {
        e.kind = Easing::Kind::Curve;
        for (const auto& n : *frame.curve) e.curve.push_back(std::isfinite(n.value()) ? n.value() : 0);
        return e;
    }
    if (!frame.tweenEasing || !std::isfinite(frame.tweenEasing->value())) return e;  // absent, null, "NaN": step
    const double v = std::trunc(frame.tweenEasing->value() * 100) / 100;  // the runtimes keep e * 100 as an integer
    if (v == 0) {
        e.kind = Easing::Kind::Linear;
    } else {
        e.kind = Easing::Kind::Tween;
        e.e = v;
    }
    return e;
}

double ease(const Easing& easing, double u) {
    using K = Easing::Kind;
    switch (easing.kind) {
        case K::Step: return u >= 1 ? 1 : 0;
        case K::Linear: return u;
        case K::Curve: return curve_value(easing.curve, u);
        case K::Tween: {
            const double e = easing.e;
            if (e > 0 && e <= 1) return u + (1 - (1 - u) * (1 - u) - u) * e;
            if (e > 1) return u + (0.5 * (1 - std::cos(std::numbers::pi * u)) - u) * (e - 1);
            return u + (u * u - u) * (-e);
        }
    }
    return u;
}

void append_interval(Track& track, double t0, const std::vector<double>& from, double t1, const std::vector<double>& to,
                     const Easing& easing, int min_pieces, bool curve_as_is) {
    using K = Easing::Kind;
    if (easing.kind == K::Step || t1 <= t0) {
        track.push_back({t0, from, {spine::CurveType::Stepped, 0, 0, 1, 1}});
        return;
    }
    if (easing.kind == K::Linear && min_pieces <= 1) {
        track.push_back({t0, from, linear()});
        return;
    }
    const int pieces = easing.kind == K::Linear ? min_pieces : std::max(8, min_pieces);
    if (easing.kind == K::Curve) {
        append_curve(track, t0, from, t1, to, easing.curve, curve_as_is && easing.curve.size() == 4 ? min_pieces : pieces);
        return;
    }
    std::vector<double> cuts;
    for (int i = 0; i <= pieces; ++i) cuts.push_back(double(i) / pieces);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end(), [](double a, double b) { return b - a < 1e-9; }), cuts.end());
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
        const double ua = cuts[i], ub = cuts[i + 1], h = ub - ua;
        const double ya = ease(easing, ua), yb = ease(easing, ub);
        Key k{t0 + ua * (t1 - t0), lerp(from, to, ya), linear()};
        if (easing.kind != K::Linear && std::abs(yb - ya) > 1e-9) {
            const double d = h * 1e-4;
            const double sa = (ease(easing, ua + d) - ya) / d, sb = (yb - ease(easing, ub - d)) / d;
            k.curve = {spine::CurveType::Bezier, float(1.0 / 3), float(sa * h / 3 / (yb - ya)), float(2.0 / 3),
                       float(1 - sb * h / 3 / (yb - ya))};
        }
        track.push_back(std::move(k));
    }
}

std::vector<double> value_at(const Track& track, double t) {
    if (track.empty()) return {};
    if (t <= track.front().time) return track.front().v;
    for (std::size_t i = 0; i + 1 < track.size(); ++i) {
        const Key& a = track[i];
        const Key& b = track[i + 1];
        if (t < b.time) {
            const double x = b.time > a.time ? (t - a.time) / (b.time - a.time) : 1;
            return lerp(a.v, b.v, spine_curve_value(a.curve, x));
        }
    }
    return track.back().v;
}

Track retime(const Track& track, double shift, double stretch, double end) {
    Track mapped = track;
    for (Key& k : mapped) k.time = (k.time - shift) * stretch;
    Track out;
    for (std::size_t i = 0; i < mapped.size(); ++i) {
        const Key& k = mapped[i];
        const bool has_next = i + 1 < mapped.size();
        if (k.time < 0) {
            if (!has_next) out.push_back({0, k.v, k.curve});
            else if (mapped[i + 1].time > 0) {
                const Split s = split(k, mapped[i + 1], (0 - k.time) / (mapped[i + 1].time - k.time));
                out.push_back({0, s.value, s.right});
            }
            continue;
        }
        if (k.time > end) break;
        out.push_back(k);
        if (has_next && mapped[i + 1].time > end && k.time < end) {
            const Split s = split(k, mapped[i + 1], (end - k.time) / (mapped[i + 1].time - k.time));
            out.back().curve = s.left;
            out.push_back({end, s.value, linear()});
            break;
        }
    }
    return out;
}

}  // namespace rigio::convert::db2spine
