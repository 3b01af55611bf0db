// Triangle rasterisation, sampling and blending (see rigio/render/raster.hpp for the rules).
#include "rigio/render/raster.hpp"

#include <algorithm>
#include <cmath>

namespace rigio::render {

namespace {

inline std::uint8_t to8(float v) {
    v = v <= 0 ? 0 : (v >= 1 ? 1 : v);
    return static_cast<std::uint8_t>(v * 255.0f + 0.5f);
}

struct Texel {
    float r, g, b, a;
};

Texel fetch(const atlas::Image& img, int x, int y) {
    x = std::clamp(x, 0, img.width - 1);
    y = std::clamp(y, 0, img.height - 1);
    const std::uint8_t* p = img.rgba.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) + static_cast<std::size_t>(x)) * 4;
    constexpr float k = 1.0f / 255.0f;
    return {p[0] * k, p[1] * k, p[2] * k, p[3] * k};
}

Texel sample(const Texture& t, float u, float v) {
    const atlas::Image& img = *t.image;
    // Texture coordinates from files may be huge or NaN: keep them within a texel of the page (the
    // clamp-to-edge result is the same) before converting to integers.
    auto bound = [](float x, float size) { return x > -1 ? (x < size + 1 ? x : size + 1) : -1.0f; };
    const float tx = bound(u * static_cast<float>(img.width), static_cast<float>(img.width));
    const float ty = bound(v * static_cast<float>(img.height), static_cast<float>(img.height));
    if (!t.linear) return fetch(img, static_cast<int>(std::floor(tx)), static_cast<int>(std::floor(ty)));
    const float fx0 = tx - 0.5f, fy0 = ty - 0.5f;
    const float x0f = std::floor(fx0), y0f = std::floor(fy0);
    const float fx = fx0 - x0f, fy = fy0 - y0f;
    const int x0 = static_cast<int>(x0f), y0 = static_cast<int>(y0f);
    // The 2x2 texels around the point, clamped to the edge.
    const int xa = std::clamp(x0, 0, img.width - 1), xb = std::clamp(x0 + 1, 0, img.width - 1);
    const int ya = std::clamp(y0, 0, img.height - 1), yb = std::clamp(y0 + 1, 0, img.height - 1);
    const std::size_t stride = static_cast<std::size_t>(img.width) * 4;
    const std::uint8_t* top = img.rgba.data() + static_cast<std::size_t>(ya) * stride;
    const std::uint8_t* bottom = img.rgba.data() + static_cast<std::size_t>(yb) * stride;
    const std::uint8_t *a = top + xa * 4, *b = top + xb * 4, *c = bottom + xa * 4, *d = bottom + xb * 4;
    constexpr float k = 1.0f / 255.0f;
    auto mix = [&](int i) {
        const float pa = a[i] * k, pb = b[i] * k, pc = c[i] * k, pd = d[i] * k;
        const float t = pa + (pb - pa) * fx, u = pc + (pd - pc) * fx;
        return t + (u - t) * fy;
    };
    return {mix(0), mix(1), mix(2), mix(3)};
}

void blend(std::uint8_t* px, const Texel& t, const Texture& tex, const Paint& paint) {
    constexpr float k = 1.0f / 255.0f;
    const float* L = paint.light;
    const float a = t.a * L[3];
    float S[3], F[3];
    for (int i = 0; i < 3; ++i) {
        const float tc = (&t.r)[i];
        if (tex.premultiplied) {
            // Premultiplied texel: dark colour fills what the texel's colour leaves of its alpha.
            float c = L[i] * tc;
            if (paint.tint_black) c += paint.dark[i] * (t.a - tc);
            S[i] = F[i] = c * L[3];
        } else {
            float c = L[i] * tc;
            if (paint.tint_black) c += paint.dark[i] * (1.0f - tc);
            F[i] = c;
            S[i] = c * a;
        }
    }
    const float A = px[3] * k;
    switch (paint.blend) {
        case Blend::Normal:
            for (int i = 0; i < 3; ++i) px[i] = to8(S[i] + px[i] * k * (1 - a));
            px[3] = to8(a + A * (1 - a));
            break;
        case Blend::Additive:
            for (int i = 0; i < 3; ++i) px[i] = to8(S[i] + px[i] * k);
            px[3] = to8(a + A);
            break;
        case Blend::Multiply:
            for (int i = 0; i < 3; ++i) {
                const float P = px[i] * k;
                px[i] = to8(F[i] * P + P * (1 - a));
            }
            break;
        case Blend::Screen:
            for (int i = 0; i < 3; ++i) {
                const float P = px[i] * k;
                px[i] = to8(F[i] + P * (1 - F[i]));
            }
            px[3] = to8(a + A * (1 - a));
            break;
    }
}

// Whether an edge a -> b (triangle wound so that inside is where every edge function is >= 0) owns
// the centres lying exactly on it: top edges and left edges do.
inline bool top_left(double dx, double dy) { return dy < 0 || (dy == 0 && dx > 0); }

}  // namespace

Result<Canvas> Canvas::make(int w, int h) {
    if (Result<void> size = atlas::check_image_size(w, h, "canvas"); !size) return size.error();
    Canvas c;
    c.width = w;
    c.height = h;
    c.pixels.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
    return c;
}

void Canvas::clear(const std::uint8_t rgba[4]) {
    const std::uint8_t a = rgba[3];
    std::uint8_t p[4];
    for (int i = 0; i < 3; ++i) p[i] = static_cast<std::uint8_t>((rgba[i] * a + 127) / 255);
    p[3] = a;
    for (std::size_t i = 0; i < pixels.size(); i += 4) std::copy(p, p + 4, pixels.begin() + static_cast<std::ptrdiff_t>(i));
}

atlas::Image Canvas::to_image() const {
    atlas::Image img;
    img.width = width;
    img.height = height;
    img.rgba.resize(pixels.size());
    for (std::size_t i = 0; i < pixels.size(); i += 4) {
        const unsigned a = pixels[i + 3];
        for (int c = 0; c < 3; ++c)
            img.rgba[i + c] = a == 0 ? 0 : static_cast<std::uint8_t>(std::min(255u, (pixels[i + c] * 255u + a / 2) / a));
        img.rgba[i + 3] = static_cast<std::uint8_t>(a);
    }
    return img;
}

void fill_polygon(ClipMask& mask, int width, int height, const float* xy, int count) {
    mask.width = width;
    mask.height = height;
    mask.inside.assign(static_cast<std::size_t>(width) * static_cast<std::size_t>(height), 0);
    if (count < 3) return;
    std::vector<double> xs;
    for (int j = 0; j < height; ++j) {
        const double y = j + 0.5;
        xs.clear();
        for (int i = 0; i < count; ++i) {
            const double x0 = xy[i * 2], y0 = xy[i * 2 + 1];
            const int n = (i + 1) % count;
            const double x1 = xy[n * 2], y1 = xy[n * 2 + 1];
            if ((y0 <= y && y < y1) || (y1 <= y && y < y0)) {
                const double x = x0 + (y - y0) * (x1 - x0) / (y1 - y0);
                if (std::isfinite(x)) xs.push_back(x);
            }
        }
        std::sort(xs.begin(), xs.end());
        std::uint8_t* row = mask.inside.data() + static_cast<std::size_t>(j) * static_cast<std::size_t>(width);
        for (std::size_t k = 0; k + 1 < xs.size(); k += 2) {
            // Centres x + 0.5 in [left, right).
            const double left = std::ceil(xs[k] - 0.5), right = std::ceil(xs[k + 1] - 0.5);
            const int from = static_cast<int>(std::clamp(left, 0.0, static_cast<double>(width)));
            const int to = static_cast<int>(std::clamp(right, 0.0, static_cast<double>(width)));
            for (int i = from; i < to; ++i) row[i] = 1;
        }
    }
}

void draw_triangles(Canvas& canvas, const Texture& texture, const Vertex* v, const std::uint16_t* indices, int index_count,
                    const Paint& paint) {
    if (!texture.image || texture.image->width <= 0 || texture.image->height <= 0) return;
    const ClipMask* clip = paint.clip && paint.clip->width == canvas.width && paint.clip->height == canvas.height ? paint.clip : nullptr;
    for (int t = 0; t + 2 < index_count; t += 3) {
        const Vertex* p0 = &v[indices[t]];
        const Vertex* p1 = &v[indices[t + 1]];
        const Vertex* p2 = &v[indices[t + 2]];
        double area = (static_cast<double>(p1->x) - p0->x) * (static_cast<double>(p2->y) - p0->y) -
                      (static_cast<double>(p1->y) - p0->y) * (static_cast<double>(p2->x) - p0->x);
        if (!(std::fabs(area) > 0) || !std::isfinite(area)) continue;
        if (area < 0) {
            std::swap(p1, p2);
            area = -area;
        }
        const double minx = std::min({p0->x, p1->x, p2->x}), maxx = std::max({p0->x, p1->x, p2->x});
        const double miny = std::min({p0->y, p1->y, p2->y}), maxy = std::max({p0->y, p1->y, p2->y});
        // Clamped in double before converting: coordinates from files may be huge.
        const int i0 = static_cast<int>(std::clamp(std::floor(minx - 0.5), 0.0, static_cast<double>(canvas.width)));
        const int i1 = static_cast<int>(std::clamp(std::ceil(maxx), -1.0, canvas.width - 1.0));
        const int j0 = static_cast<int>(std::clamp(std::floor(miny - 0.5), 0.0, static_cast<double>(canvas.height)));
        const int j1 = static_cast<int>(std::clamp(std::ceil(maxy), -1.0, canvas.height - 1.0));
        if (i0 > i1 || j0 > j1) continue;
        // Edge k is opposite vertex k: e0 = p1 -> p2, e1 = p2 -> p0, e2 = p0 -> p1.
        const Vertex* q[3] = {p0, p1, p2};
        double ex[3], ey[3];
        bool owns[3];
        for (int k = 0; k < 3; ++k) {
            const Vertex* a = q[(k + 1) % 3];
            const Vertex* b = q[(k + 2) % 3];
            ex[k] = static_cast<double>(b->x) - a->x;
            ey[k] = static_cast<double>(b->y) - a->y;
            owns[k] = top_left(ex[k], ey[k]);
        }
        const double inv = 1.0 / area;
        for (int j = j0; j <= j1; ++j) {
            const double py = j + 0.5;
            std::uint8_t* row = canvas.pixels.data() + static_cast<std::size_t>(j) * static_cast<std::size_t>(canvas.width) * 4;
            const std::uint8_t* mrow = clip ? clip->inside.data() + static_cast<std::size_t>(j) * static_cast<std::size_t>(canvas.width) : nullptr;
            for (int i = i0; i <= i1; ++i) {
                if (mrow && !mrow[i]) continue;
                const double px = i + 0.5;
                double w[3];
                bool inside = true;
                for (int k = 0; k < 3 && inside; ++k) {
                    const Vertex* a = q[(k + 1) % 3];
                    w[k] = ex[k] * (py - a->y) - ey[k] * (px - a->x);
                    inside = w[k] > 0 || (w[k] == 0 && owns[k]);
                }
                if (!inside) continue;
                const double l0 = w[0] * inv, l1 = w[1] * inv, l2 = w[2] * inv;
                const float u = static_cast<float>(l0 * q[0]->u + l1 * q[1]->u + l2 * q[2]->u);
                const float tv = static_cast<float>(l0 * q[0]->v + l1 * q[1]->v + l2 * q[2]->v);
                blend(row + static_cast<std::size_t>(i) * 4, sample(texture, u, tv), texture, paint);
            }
        }
    }
}

}  // namespace rigio::render
