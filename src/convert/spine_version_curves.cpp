// Spine version conversion: curves between the 3.x form and the 4.x form, key splitting and channel
// merging (see spine_version_internal.hpp for why each mapping is exact or not).
#include <algorithm>
#include <cmath>
#include <limits>

#include "rigio/io/json_input.hpp"
#include "spine_version_internal.hpp"

namespace rigio::convert::spine_version {

using spine::Curve;
using spine::CurveType;

namespace {

// The 9 points at which both runtimes sample a key's Bézier (parameter 0.1 .. 0.9), in absolute units.
struct Point {
    double x, y;
};
void sample(const Curve& c, int ch, double t0, double t1, double v0, double v1, Point out[9]) {
    const double cx1 = c.bezier[4 * ch], cy1 = c.bezier[4 * ch + 1], cx2 = c.bezier[4 * ch + 2], cy2 = c.bezier[4 * ch + 3];
    for (int i = 1; i <= 9; ++i) {
        const double s = i / 10.0, u = 1 - s;
        const double a = u * u * u, b = 3 * s * u * u, d = 3 * s * s * u, e = s * s * s;
        out[i - 1] = {a * t0 + b * cx1 + d * cx2 + e * t1, a * v0 + b * cy1 + d * cy2 + e * v1};
    }
}

// The value of one channel of one segment at time t, as the 4.x runtime plays it.
double eval_segment(const ChannelKeys::Key& k0, const ChannelKeys::Key& k1, int ch, double t) {
    const double t0 = k0.time, t1 = k1.time, v0 = k0.v[ch], v1 = k1.v[ch];
    switch (k0.curve.type) {
        case CurveType::Stepped: return v0;
        case CurveType::Linear: return t1 > t0 ? v0 + (t - t0) / (t1 - t0) * (v1 - v0) : v0;
        case CurveType::Bezier: break;
    }
    if (k0.curve.bezier.size() < 4 * static_cast<std::size_t>(ch + 1)) return v0;
    Point p[9];
    sample(k0.curve, ch, t0, t1, v0, v1, p);
    Point prev{t0, v0};
    for (const Point& q : p) {
        if (q.x >= t) return q.x > prev.x ? prev.y + (t - prev.x) / (q.x - prev.x) * (q.y - prev.y) : q.y;
        prev = q;
    }
    return t1 > prev.x ? prev.y + (t - prev.x) / (t1 - prev.x) * (v1 - prev.y) : v1;
}

// Index of the key whose segment holds t (the last key with time <= t), or -1 before the first key.
int segment_of(const ChannelKeys& k, float t) {
    int i = -1;
    for (std::size_t j = 0; j < k.keys.size() && k.keys[j].time <= t; ++j) i = static_cast<int>(j);
    return i;
}

bool near(double a, double b) { return std::abs(a - b) <= 1e-4 + 1e-5 * std::max(std::abs(a), std::abs(b)); }

// The sample times of a Bézier segment strictly inside (t0, t1), every channel, sorted and unique.
void breakpoints(const ChannelKeys::Key& k0, const ChannelKeys::Key& k1, int channels, std::vector<double>& out) {
    if (k0.curve.type != CurveType::Bezier) return;
    for (int ch = 0; ch < channels; ++ch) {
        if (k0.curve.bezier.size() < 4 * static_cast<std::size_t>(ch + 1)) break;
        Point p[9];
        sample(k0.curve, ch, k0.time, k1.time, k0.v[ch], k1.v[ch], p);
        for (const Point& q : p)
            if (q.x > k0.time && q.x < k1.time) out.push_back(q.x);
    }
}

void sort_unique(std::vector<double>& v) {
    std::sort(v.begin(), v.end());
    std::vector<double> out;
    for (double x : v) {
        const float f = static_cast<float>(x);
        if (out.empty() || f > static_cast<float>(out.back())) out.push_back(f);
    }
    v = std::move(out);
}

// The float of start + fraction * span that converts back (curve_down's (x - start) / span) to exactly
// `fraction` when a float near it does (a few ulps either way), so that going up and back down gives the
// 3.x handles back bit for bit, defaults (0, 1) included.
float absolute(float fraction, double start, double span) {
    const float x = static_cast<float>(start + fraction * span);
    if (span == 0) return x;
    auto back = [&](float a) { return static_cast<float>((a - start) / span); };
    if (back(x) == fraction) return x;
    float up = x, down = x;
    for (int i = 0; i < 16; ++i) {
        up = std::nextafter(up, std::numeric_limits<float>::infinity());
        down = std::nextafter(down, -std::numeric_limits<float>::infinity());
        if (back(up) == fraction) return up;
        if (back(down) == fraction) return down;
    }
    return x;
}

}  // namespace

double wrap180(double d) { return d - 360.0 * std::floor(d / 360.0 + 0.5); }

std::string pointer(std::initializer_list<std::string_view> tokens) {
    std::string p;
    for (std::string_view t : tokens) io::append_pointer_token(p, t);
    return p;
}

std::string_view name(const spine::OptString& s) { return s ? std::string_view(*s) : std::string_view(); }

int curves_up(ChannelKeys& k, int* unrepresentable) {
    int dropped = 0;
    for (std::size_t i = 0; i < k.keys.size(); ++i) {
        Curve& c = k.keys[i].curve;
        if (i + 1 == k.keys.size()) {
            if (c.type != CurveType::Linear) ++dropped;
            c = Curve{};
            continue;
        }
        if (c.type != CurveType::Bezier) {
            c = Curve(c.type);
            continue;
        }
        const double t0 = k.keys[i].time, dt = static_cast<double>(k.keys[i + 1].time) - t0;
        std::vector<float> b;
        for (int ch = 0; ch < k.channels; ++ch) {
            const double v0 = k.keys[i].v[ch], dv = static_cast<double>(k.keys[i + 1].v[ch]) - v0;
            b.push_back(absolute(c.cx1, t0, dt));
            b.push_back(absolute(c.cy1, v0, dv));
            b.push_back(absolute(c.cx2, t0, dt));
            b.push_back(absolute(c.cy2, v0, dv));
            // A handle within float rounding of its default but not at it (c2 -1.8e-44) comes back as the
            // default: the value is the same to 1e-7, but the 3.x file would not be.
            if (unrepresentable && dv != 0 && ch == 0) {
                auto back = [&](float a, double start, double span) { return static_cast<float>((static_cast<double>(a) - start) / span); };
                const float f[4] = {c.cx1, c.cy1, c.cx2, c.cy2};
                const float got[4] = {back(b[b.size() - 4], t0, dt), back(b[b.size() - 3], v0, dv), back(b[b.size() - 2], t0, dt),
                                      back(b[b.size() - 1], v0, dv)};
                for (int h = 1; h < 4; ++h) {  // the defaults the 3.8 JSON leaves out: c2 0, c3 1, c4 1
                    const float def = h == 1 ? 0.0f : 1.0f;
                    if ((f[h] == def) != (got[h] == def)) ++*unrepresentable;
                }
            }
        }
        c = Curve(CurveType::Bezier);
        c.bezier.assign(b.begin(), b.end());
    }
    return dropped;
}

DownCurve curve_down(const Curve& c, float t0, float t1, const std::vector<float>& v0, const std::vector<float>& v1) {
    DownCurve out;
    if (c.type != CurveType::Bezier) {
        out.exact = true;
        out.curve = Curve(c.type);
        return out;
    }
    const int channels = static_cast<int>(v0.size());
    if (c.bezier.size() < 4 * v0.size() || !(t1 > t0)) return out;
    const double dt = static_cast<double>(t1) - t0;
    int ref = -1;
    double widest = 0;
    for (int ch = 0; ch < channels; ++ch) {
        const double dv = std::abs(static_cast<double>(v1[ch]) - v0[ch]);
        if (v1[ch] != v0[ch] && dv > widest) widest = dv, ref = ch;
    }
    const int hx = ref >= 0 ? ref : 0;
    // In double, as curves_up's inverse (absolute) computes it.
    const double start = t0;
    const float nx1 = static_cast<float>((static_cast<double>(c.bezier[4 * hx]) - start) / dt);
    const float nx2 = static_cast<float>((static_cast<double>(c.bezier[4 * hx + 2]) - start) / dt);
    float ny1 = nx1, ny2 = nx2;
    if (ref >= 0) {
        const double dv = static_cast<double>(v1[ref]) - v0[ref];
        ny1 = static_cast<float>((static_cast<double>(c.bezier[4 * ref + 1]) - v0[ref]) / dv);
        ny2 = static_cast<float>((static_cast<double>(c.bezier[4 * ref + 3]) - v0[ref]) / dv);
    }
    out.exact = true;
    for (int ch = 0; ch < channels; ++ch) {
        const double dv = static_cast<double>(v1[ch]) - v0[ch];
        const bool times = near(t0 + nx1 * dt, c.bezier[4 * ch]) && near(t0 + nx2 * dt, c.bezier[4 * ch + 2]);
        if (v1[ch] == v0[ch]) {
            if (!near(c.bezier[4 * ch + 1], v0[ch]) || !near(c.bezier[4 * ch + 3], v0[ch])) out.exact = false;
            else if (!times) out.flat_handles_lost = true;
            continue;
        }
        if (!times || !near(v0[ch] + ny1 * dv, c.bezier[4 * ch + 1]) || !near(v0[ch] + ny2 * dv, c.bezier[4 * ch + 3])) out.exact = false;
    }
    out.curve = Curve(CurveType::Bezier, nx1, ny1, nx2, ny2);
    return out;
}

float eval4(const ChannelKeys& k, int ch, float t, float before) {
    const int i = segment_of(k, t);
    if (i < 0) return before;
    if (static_cast<std::size_t>(i) + 1 >= k.keys.size()) return k.keys[i].v[ch];
    return static_cast<float>(eval_segment(k.keys[i], k.keys[i + 1], ch, t));
}

bool stepped_at(const ChannelKeys& k, float t) {
    const int i = segment_of(k, t);
    return i >= 0 && static_cast<std::size_t>(i) + 1 < k.keys.size() && k.keys[i].curve.type == CurveType::Stepped;
}

DownStats curves_down(ChannelKeys& k, bool rotation) {
    DownStats st;
    std::vector<ChannelKeys::Key> out;
    for (std::size_t i = 0; i < k.keys.size(); ++i) {
        ChannelKeys::Key key = k.keys[i];
        if (i + 1 == k.keys.size()) {
            key.curve = Curve(key.curve.type == CurveType::Bezier ? CurveType::Linear : key.curve.type);
            out.push_back(std::move(key));
            break;
        }
        const ChannelKeys::Key& next = k.keys[i + 1];
        const DownCurve d = curve_down(key.curve, key.time, next.time, key.v, next.v);
        const bool long_turn = rotation && key.curve.type != CurveType::Stepped &&
                               wrap180(static_cast<double>(next.v[0]) - key.v[0]) != static_cast<double>(next.v[0]) - key.v[0];
        if (d.exact && !(long_turn && key.curve.type == CurveType::Bezier)) {
            if (d.flat_handles_lost) ++st.flat_handles;
            key.curve = d.curve;
            out.push_back(std::move(key));
            continue;
        }
        if (d.exact) ++st.long_rotations;
        else ++st.split_keys;
        std::vector<double> bps;
        breakpoints(key, next, k.channels, bps);
        sort_unique(bps);
        key.curve = Curve(CurveType::Linear);
        out.push_back(key);
        std::vector<ChannelKeys::Key> added;
        for (double bp : bps) {
            ChannelKeys::Key m;
            m.time = static_cast<float>(bp);
            m.origin = key.origin;
            for (int ch = 0; ch < k.channels; ++ch) m.v.push_back(static_cast<float>(eval_segment(k.keys[i], next, ch, m.time)));
            out.push_back(m);
            added.push_back(m);
            ++st.added_keys;
        }
        // Measure: the linear keys against the 4.x polyline, 16 times per piece.
        std::vector<ChannelKeys::Key> piece{key};
        piece.insert(piece.end(), added.begin(), added.end());
        piece.push_back(next);
        for (std::size_t p = 0; p + 1 < piece.size(); ++p)
            for (int s = 1; s < 16; ++s) {
                const double t = piece[p].time + (piece[p + 1].time - static_cast<double>(piece[p].time)) * s / 16.0;
                for (int ch = 0; ch < k.channels; ++ch) {
                    ChannelKeys::Key lin = piece[p];
                    lin.curve = Curve(CurveType::Linear);
                    const double a = eval_segment(lin, piece[p + 1], ch, t), b = eval_segment(k.keys[i], next, ch, t);
                    st.max_error = std::max(st.max_error, std::abs(a - b));
                }
            }
    }
    if (rotation) {  // 3.x turns the short way: a linear step of 180 degrees or more gets keys between
        std::vector<ChannelKeys::Key> r;
        for (std::size_t i = 0; i < out.size(); ++i) {
            r.push_back(out[i]);
            if (i + 1 == out.size() || out[i].curve.type != CurveType::Linear) continue;
            const double a = out[i].v[0], b = out[i + 1].v[0];
            if (wrap180(b - a) == b - a) continue;
            ++st.long_rotations;
            const int pieces = static_cast<int>(std::ceil(std::abs(b - a) / 170.0));
            for (int p = 1; p < pieces; ++p) {
                ChannelKeys::Key m = out[i];
                const double f = static_cast<double>(p) / pieces;
                m.time = static_cast<float>(out[i].time + (out[i + 1].time - static_cast<double>(out[i].time)) * f);
                m.v[0] = static_cast<float>(a + (b - a) * f);
                r.push_back(m);
                ++st.added_keys;
            }
        }
        out = std::move(r);
    }
    k.keys = std::move(out);
    return st;
}

bool same_keys(const ChannelKeys& a, const ChannelKeys& b) {
    if (a.keys.size() != b.keys.size()) return false;
    for (std::size_t i = 0; i < a.keys.size(); ++i) {
        if (a.keys[i].time != b.keys[i].time) return false;
        const bool sa = a.keys[i].curve.type == CurveType::Stepped, sb = b.keys[i].curve.type == CurveType::Stepped;
        if (sa != sb && i + 1 < a.keys.size()) return false;
    }
    return true;
}

ChannelKeys merge_channels(const std::vector<MergeSource>& sources, int& inexact) {
    ChannelKeys out;
    out.channels = static_cast<int>(sources.size());
    std::vector<double> times;
    for (const MergeSource& s : sources) {
        if (!s.keys) continue;
        for (std::size_t i = 0; i < s.keys->keys.size(); ++i) {
            times.push_back(s.keys->keys[i].time);
            if (i + 1 < s.keys->keys.size()) breakpoints(s.keys->keys[i], s.keys->keys[i + 1], s.keys->channels, times);
        }
    }
    sort_unique(times);
    auto value = [&](const MergeSource& s, float t) { return s.keys ? eval4(*s.keys, s.channel, t, s.before) : s.before; };
    for (std::size_t i = 0; i < times.size(); ++i) {
        ChannelKeys::Key k;
        k.time = static_cast<float>(times[i]);
        for (const MergeSource& s : sources) k.v.push_back(value(s, k.time));
        if (i + 1 == times.size()) {
            out.keys.push_back(std::move(k));
            break;
        }
        const float tn = static_cast<float>(times[i + 1]);
        bool moving = false, stepping = false;
        for (const MergeSource& s : sources) {
            if (!s.keys) continue;
            const float a = value(s, k.time), b = value(s, tn);
            const bool st = stepped_at(*s.keys, k.time);
            if (st && a != b) stepping = true;
            if (!st && a != b) moving = true;
            if (!st) {  // a moving channel may also leave and come back within the interval
                const float mid = value(s, static_cast<float>((k.time + static_cast<double>(tn)) / 2));
                if (mid != a) moving = true;
            }
        }
        if (stepping && moving) {  // hold the stepped channels until just before the next time
            ++inexact;
            k.curve = spine::Curve(CurveType::Linear);
            const float hold = tn - std::max(1e-5f, tn * 4e-7f);
            ChannelKeys::Key h;
            h.time = hold;
            for (const MergeSource& s : sources)
                h.v.push_back(s.keys && stepped_at(*s.keys, k.time) ? value(s, k.time) : value(s, hold));
            out.keys.push_back(std::move(k));
            if (hold > out.keys.back().time) out.keys.push_back(std::move(h));
            continue;
        }
        k.curve = spine::Curve(stepping ? CurveType::Stepped : CurveType::Linear);
        out.keys.push_back(std::move(k));
    }
    return out;
}

}  // namespace rigio::convert::spine_version
