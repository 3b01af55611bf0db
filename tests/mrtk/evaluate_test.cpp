// MRTK playback evaluation (notes: unity-animation-curve.md Part 3 and Part 5) and repair.
#include <gtest/gtest.h>

#include <cmath>

#include "fixtures.hpp"
#include "rigio/io/file.hpp"
#include "rigio/mrtk/edit.hpp"
#include "rigio/mrtk/evaluate.hpp"
#include "rigio/mrtk/export.hpp"
#include "rigio/mrtk/inspect.hpp"
#include "support/shared.hpp"

using namespace rigio;
using namespace rigio::mrtk;

namespace {

constexpr float kTol = 2e-6f;

void expect_vec(const Vec3& v, float x, float y, float z, float tol = kTol) {
    EXPECT_NEAR(v.x, x, tol);
    EXPECT_NEAR(v.y, y, tol);
    EXPECT_NEAR(v.z, z, tol);
}

void expect_quat(const Quat& q, float x, float y, float z, float w, float tol = kTol) {
    EXPECT_NEAR(q.x, x, tol);
    EXPECT_NEAR(q.y, y, tol);
    EXPECT_NEAR(q.z, z, tol);
    EXPECT_NEAR(q.w, w, tol);
}

PoseCurves rotation_curves(std::initializer_list<std::array<float, 5>> keys) {  // t, x, y, z, w
    PoseCurves p;
    for (const auto& k : keys)
        for (int c = 0; c < 4; ++c) p.curves[static_cast<std::size_t>(kRotX + c)].keys.push_back(simple_key(k[0], k[static_cast<std::size_t>(c) + 1]));
    return p;
}

InputAnimation read_corpus(const char* name) {
    auto bytes = io::read_file((test::shared_dir() / "corpus/mrtk/v1.0" / name).string()).value();
    return read_bin(bytes).value();
}

bool have_corpus() { return !test::corpus_files("corpus/mrtk/v1.0", ".bin").empty(); }

}  // namespace

TEST(MrtkEvaluate, P1RotationsAreComponentWiseAndNotNormalized) {
    PoseCurves p = rotation_curves({{0, 0, 0, 0, 1}, {1, 0, 0.70710678f, 0, 0.70710678f}});
    Pose raw = evaluate_pose(p, 0.5f, false);
    expect_quat(raw.rotation, 0, 0.35355339f, 0, 0.85355339f);
    Pose norm = evaluate_pose(p, 0.5f, true);
    expect_quat(norm.rotation, 0, 0.38268343f, 0, 0.92387953f);
    // Untracked joints (empty curves) give position 0 and rotation (0, 0, 0, 0), or identity normalised.
    PoseCurves empty;
    expect_quat(evaluate_pose(empty, 1, false).rotation, 0, 0, 0, 0);
    expect_quat(evaluate_pose(empty, 1, true).rotation, 0, 0, 0, 1);
}

TEST(MrtkEvaluate, P2LostRotationWIsRepaired) {
    InputAnimation a;
    a.has_eye_gaze = false;
    PoseCurves& p = a.right.joints[1];
    p = rotation_curves({{0, 0, 0, 0, 1}, {1, 0, 0.70710678f, 0, 0.70710678f}});
    p.curves[kRotW].keys.resize(1);  // what MRTK 2.6/2.7 writes
    Pose bad = evaluate_pose(p, 1, false);
    expect_quat(bad.rotation, 0, 0.70710678f, 0, 1.0f);
    expect_quat(evaluate_pose(p, 1, true).rotation, 0, 0.57735027f, 0, 0.81649658f);
    EXPECT_FALSE(find_defects(a).empty());
    auto changes = repair(a);
    ASSERT_EQ(changes.losses.size(), 1u);
    EXPECT_EQ(changes.losses[0].where, "/hands/right/joints/Wrist/rotationW");
    EXPECT_EQ(changes.losses[0].feature, "right hand joint Wrist rotation W");
    EXPECT_EQ(changes.losses[0].action, "recomputed from X, Y, Z: 1 -> 2 keys");
    expect_quat(evaluate_pose(p, 1, false).rotation, 0, 0.70710678f, 0, 0.70710678f);
    EXPECT_TRUE(find_defects(a).empty());
    EXPECT_TRUE(repair(a).empty());  // nothing left to repair
}

TEST(MrtkEvaluate, RepairKeepsSignsContinuousThroughFlips) {
    // Truth: q0 = (0.6, 0, 0, -0.8), q1 = -q0 (a sign flip), q2 = q1 slightly rotated.
    PoseCurves p = rotation_curves({{0, 0.6f, 0, 0, -0.8f}, {1, -0.6f, 0, 0, 0.8f}, {2, -0.5f, 0.1f, 0, 0.86023253f}});
    p.curves[kRotW].keys.resize(1);
    InputAnimation a;
    a.camera = p;
    ASSERT_EQ(repair(a).losses.size(), 1u);
    const auto& w = a.camera.curves[kRotW].keys;
    ASSERT_EQ(w.size(), 3u);
    EXPECT_FLOAT_EQ(w[0].value, -0.8f);
    EXPECT_NEAR(w[1].value, 0.8f, 1e-6f);
    EXPECT_NEAR(w[2].value, 0.86023253f, 1e-6f);
    // The partition-0 variant: 2 W keys, the last one carrying Z's value.
    PoseCurves q = rotation_curves({{0, 0, 0, 0.6f, 0.8f}, {1, 0, 0, 0.28f, 0.96f}, {2, 0, 0, 0, 1}});
    q.curves[kRotW].keys = {simple_key(0, 0.8f), simple_key(2, 0)};
    a.camera = q;
    ASSERT_EQ(repair(a).losses.size(), 1u);
    EXPECT_NEAR(a.camera.curves[kRotW].keys[1].value, 0.96f, 1e-6f);
    EXPECT_NEAR(a.camera.curves[kRotW].keys[2].value, 1.0f, 1e-6f);
}

TEST(MrtkEvaluate, R1GazeRayIsNormalizedAndAbsentSectionsGiveDefaults) {
    auto a = read_bin(test::v1_bytes()).value();
    Sample s = evaluate(a, -1);
    expect_vec(s.eye_gaze.origin, 0, 1.5f, 0);
    expect_vec(s.eye_gaze.direction, 0, 0, 1);
    s = evaluate(a, 0.5f);
    expect_vec(s.eye_gaze.origin, 1, 1.5f, 0);
    expect_vec(s.eye_gaze.direction, 0.70710678f, 0, 0.70710678f);
    s = evaluate(a, 2);
    expect_vec(s.eye_gaze.origin, 2, 1.5f, 0);
    expect_vec(s.eye_gaze.direction, 1, 0, 0);
    // No camera and no hands in this file: ZeroIdentity and untracked hands.
    expect_vec(s.camera.position, 0, 0, 0);
    expect_quat(s.camera.rotation, 0, 0, 0, 1);
    EXPECT_FALSE(s.left.tracked);
    expect_quat(s.right.joints[5].rotation, 0, 0, 0, 1);
    // A direction shorter than 1e-5 becomes zero (Vector3.Normalize).
    expect_vec(normalized(Vec3{1e-6f, 0, 0}), 0, 0, 0);
}

TEST(MrtkEvaluate, V2CameraAndHandState) {
    auto a = read_bin(write_bin(test::v2_model())).value();
    EXPECT_EQ(evaluate(a, -1).camera.position.x, 0.0f);
    EXPECT_NEAR(evaluate(a, 0.5f).camera.position.x, 1.0f, kTol);
    EXPECT_NEAR(evaluate(a, 1).camera.position.x, 2.0f, kTol);
    EXPECT_EQ(evaluate(a, 3).camera.position.x, 4.0f);
    for (float t : {-1.0f, 0.5f, 0.99f}) EXPECT_TRUE(evaluate(a, t).left.tracked) << t;
    for (float t : {1.0f, 1.5f, 10.0f}) EXPECT_FALSE(evaluate(a, t).left.tracked) << t;
    EXPECT_FALSE(evaluate(a, 0.5f).right.tracked);
}

TEST(MrtkEvaluate, R3SignFlipInRealHoloLensData) {
    if (!have_corpus()) GTEST_SKIP() << "../shared/corpus/mrtk not found: skipped";
    auto a = read_corpus("holographic-recording_InputAnimation-20201027-134946.bin");
    Pose raw = evaluate_pose(a.right.joints[14], 1.45752764f, false);
    expect_quat(raw.rotation, -0.000950f, 0.000452f, 0.0000376f, -0.000249f, 2e-6f);
    const Quat& q = raw.rotation;
    EXPECT_NEAR(std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w), 0.001082f, 2e-6f);
}

TEST(MrtkEvaluate, SpotChecksOnTheHandRecorderFile) {
    if (!have_corpus()) GTEST_SKIP() << "../shared/corpus/mrtk not found: skipped";
    auto a = read_corpus("HandRecorder_InputAnimation-20210219-134546.bin");
    struct Row {
        float t;
        bool tracked, pinch;
        std::array<float, 4> rot;
    };
    for (const Row& r : {Row{0.5f, true, false, {0.357339f, -0.009390f, 0.003593f, 0.933921f}},
                         Row{1.7f, false, false, {0.156382f, 0.023679f, -0.003751f, 0.987403f}},
                         Row{2.0f, true, false, {0.115135f, 0.003022f, -0.000351f, 0.993345f}},
                         Row{5.0f, true, true, {0.115135f, 0.003195f, -0.000371f, 0.993345f}},
                         Row{6.5f, true, false, {0.115135f, 0.003281f, -0.000381f, 0.993344f}},
                         Row{8.0f, false, false, {0.292937f, 0.003906f, -0.001197f, 0.956123f}},
                         Row{9.0f, true, false, {0.381842f, 0.026830f, -0.011091f, 0.923771f}}}) {
        SCOPED_TRACE(r.t);
        Sample s = evaluate(a, r.t);
        EXPECT_EQ(s.left.tracked, r.tracked);
        EXPECT_EQ(s.left.pinching, r.pinch);
        EXPECT_FALSE(s.right.tracked);
        EXPECT_FALSE(s.right.pinching);
        expect_vec(s.camera.position, -0.018962f, -0.099165f, 0.499512f, 1e-6f);
        expect_quat(s.camera.rotation, r.rot[0], r.rot[1], r.rot[2], r.rot[3], 1e-6f);
    }
    Sample s = evaluate(a, 5.0f);
    expect_vec(s.left.joints[1].position, -0.042676f, -0.116419f, 0.677893f, 1e-6f);
    expect_quat(s.left.joints[1].rotation, -0.433492f, 0.241281f, 0.030019f, 0.867653f, 1e-6f);
}

TEST(MrtkEvaluate, SpotChecksOnTheHoloLensFile) {
    if (!have_corpus()) GTEST_SKIP() << "../shared/corpus/mrtk not found: skipped";
    auto a = read_corpus("holographic-recording_InputAnimation-20201027-134946.bin");
    struct Row {
        float t;
        bool pinch_left, pinch_right;
        std::array<float, 3> pos;
        std::array<float, 4> rot;
    };
    for (const Row& r : {Row{0, false, false, {0.016571f, 0.059028f, 0.109523f}, {0.217535f, -0.183794f, 0.044931f, 0.957538f}},
                         Row{2, true, false, {0.038532f, 0.066849f, 0.086865f}, {0.185048f, -0.174404f, 0.049993f, 0.965837f}},
                         Row{3, false, false, {0.046452f, 0.069010f, 0.088639f}, {0.174642f, -0.149546f, 0.034174f, 0.972609f}},
                         Row{12, false, true, {0.036025f, 0.062089f, 0.099949f}, {0.200121f, -0.150053f, 0.051019f, 0.966867f}}}) {
        SCOPED_TRACE(r.t);
        Sample s = evaluate(a, r.t);
        EXPECT_TRUE(s.left.tracked);
        EXPECT_TRUE(s.right.tracked);
        EXPECT_EQ(s.left.pinching, r.pinch_left);
        EXPECT_EQ(s.right.pinching, r.pinch_right);
        expect_vec(s.camera.position, r.pos[0], r.pos[1], r.pos[2], 1e-6f);
        expect_quat(s.camera.rotation, r.rot[0], r.rot[1], r.rot[2], r.rot[3], 1e-6f);
    }
    Sample s = evaluate(a, 12);
    expect_vec(s.left.joints[1].position, -0.197380f, -0.140749f, 0.427654f, 1e-6f);
    expect_quat(s.left.joints[1].rotation, -0.075746f, 0.505880f, 0.850212f, 0.122942f, 1e-6f);
    expect_vec(s.right.joints[1].position, 0.044116f, -0.257163f, 0.426800f, 1e-6f);
    expect_quat(s.right.joints[1].rotation, -0.372177f, -0.683551f, -0.302607f, 0.549653f, 1e-6f);
    EXPECT_TRUE(repair(a).empty());  // 1.0 files do not have the 1.1 optimizer's defect
}

TEST(MrtkExport, CsvHasOneRowPerTimeAndOneColumnPerStoredValue) {
    auto a = read_bin(write_bin(test::v2_model())).value();
    auto times = sample_times(duration(a), 2).value();
    ASSERT_EQ(times.size(), 5u);  // 0, 0.5, 1, 1.5, 2
    std::string csv = samples_csv(a, times);
    std::size_t lines = 0;
    for (char c : csv) lines += c == '\n';
    EXPECT_EQ(lines, 6u);
    const std::string header = csv.substr(0, csv.find('\n'));
    std::size_t cols = 1;
    for (char c : header) cols += c == ',';
    EXPECT_EQ(cols, 1u + 7 + 4 + 2 * 27 * 7);
    EXPECT_EQ(header.rfind("time,camera_pos_x,", 0), 0u);
    EXPECT_NE(header.find(",left_IndexTip_rot_w,"), std::string::npos);
    EXPECT_NE(csv.find("\n0.5,1,"), std::string::npos);
    std::string json = samples_json(read_bin(test::v1_bytes()).value(), std::vector<float>{0.5f});
    EXPECT_NE(json.find("{\"time\": 0.5, \"eyeGaze\": {\"origin\": [0.9999998, 1.5, 0], \"direction\": [0.707106"), std::string::npos)
        << json;  // float32 evaluation, as Unity: 1 - 2e-7
    EXPECT_EQ(json.find("\"camera\""), std::string::npos);
}

TEST(MrtkExport, SampleTimesAreBoundedAgainstUntrustedDurations) {
    EXPECT_EQ(sample_times(1.0f, 60)->size(), 61u);
    EXPECT_EQ(sample_times(0.0f, 60)->size(), 1u);
    EXPECT_EQ(sample_times(-3.0f, 60)->size(), 1u);
    EXPECT_FALSE(sample_times(1e30f, 60).ok());
    EXPECT_FALSE(sample_times(std::numeric_limits<float>::infinity(), 60).ok());
    EXPECT_EQ(sample_times(1.0f, 0).error().message(), "sample rate must be a positive number of samples per second");
    EXPECT_FALSE(sample_times(1.0f, std::nan("")).ok());
}
