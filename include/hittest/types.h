// HitTestKit C API: value types and definition structs.
#ifndef HITTEST_TYPES_H
#define HITTEST_TYPES_H

#include "id.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A point or vector, in points. Swift: `Point`.
typedef struct htVec2 {
    double x;
    double y;
} htVec2;

/// A rectangle: origin and size. Swift: `Rect`.
typedef struct htRect {
    double x;
    double y;
    double width;
    double height;
} htRect;

/// An affine transform [a b 0; c d 0; tx ty 1], as CGAffineTransform. Swift:
/// `AffineTransform`.
typedef struct htTransform {
    double a, b, c, d, tx, ty;
} htTransform;

/// Insets of the hit area (positive shrinks it, negative grows it). Swift: `EdgeInsets`.
typedef struct htInsets {
    double top, left, bottom, right;
} htInsets;

/// The identity transform.
static const htTransform htTransform_identity = {1, 0, 0, 1, 0, 0};

// Hit rules: how a view answers pointInside and hitTest. Swift: `HitRules`.
/// The hit shape: the bounds rectangle or the ellipse inscribed in it.
#define HT_SHAPE_RECT 0
#define HT_SHAPE_ELLIPSE 1
/// pointInside: the view's own shape, any subview's frame, or either.
#define HT_POINT_INSIDE_BOUNDS 0
#define HT_POINT_INSIDE_SUBVIEWS 1
#define HT_POINT_INSIDE_BOUNDS_OR_SUBVIEWS 2
/// hitTest: UIKit's default; passthrough (never returns itself, only its subviews); box
/// only (returns itself without asking its subviews).
#define HT_HIT_TEST_DEFAULT 0
#define HT_HIT_TEST_PASSTHROUGH 1
#define HT_HIT_TEST_BOX_ONLY 2

typedef struct htHitRules {
    int32_t shape;
    int32_t pointInside;
    int32_t hitTest;
    htInsets insets;
} htHitRules;

/// The definition of a world. Make it with htDefaultWorldDef, then change fields.
typedef struct htWorldDef {
    /// The screen size in points (default 390 x 844). Swift: `ViewStore.screenSize`.
    double screenWidth;
    double screenHeight;
    /// Containers with at least this many subviews get a bounding-volume index over them;
    /// 0 for none (default 32). Swift: `ViewStore.indexThreshold`.
    int32_t indexThreshold;
    /// The application's class name and its delegate's name, the last links of responder
    /// chains (defaults "UIApplication" and "AppDelegate"; a NULL delegate ends chains at
    /// the application). Copied by htCreateWorld.
    const char* applicationClassName;
    const char* applicationDelegateName;
    /// Set by htDefaultWorldDef; a definition without it is refused.
    int32_t internalValue;
} htWorldDef;

/// The definition of a view or window. Make it with htDefaultViewDef, then change fields.
/// Swift: `ViewDefinition`.
typedef struct htViewDef {
    /// The view's id (a name, need not be unique) and class name (default "UIView"); UTF-8,
    /// copied. NULL id means "".
    const char* name;
    const char* className;
    /// The untransformed layout rect in the superview (UIKit's frame without a
    /// transform): sets center and bounds size.
    htRect frame;
    htTransform transform;
    /// Default 1. Below 0.01 the view cannot be hit, as in UIKit.
    float alpha;
    bool hidden;
    /// -1: the class's default (false for UIImageView and UILabel, true otherwise);
    /// 0: disabled; 1: enabled.
    int32_t userInteractionEnabled;
    bool clipsToBounds;
    htHitRules hitRules;
    /// Windows only: the window level (higher is in front).
    double level;
    /// The host's value for the view (a pointer or an index; default 0): kept with the
    /// view, never read by the library, and never saved with a scene (a host pointer means
    /// nothing in a file or another process). See htView_GetUserData.
    uintptr_t userData;
    /// Set by htDefaultViewDef; a definition without it is refused.
    int32_t internalValue;
} htViewDef;

/// Per-view flags of htViewArrays (Swift: `ViewStore.bulkHidden`,
/// `ViewStore.bulkInteractionDisabled`).
#define HT_VIEW_HIDDEN 1u
#define HT_VIEW_INTERACTION_DISABLED 2u

/// Many views as flat arrays, for htWorld_AddViewArrays: an engine's own node arrays
/// handed over in one call. Swift: `ViewArrays`.
typedef struct htViewArrays {
    /// The number of views (>= 0).
    int32_t count;
    /// `count` entries: the superview of view i, as -1 (the `parent` argument of
    /// htWorld_AddViewArrays) or the index of an earlier view (< i). Later siblings are
    /// above earlier ones.
    const int32_t* parents;
    /// `count` entries: the untransformed layout rect of view i in its superview
    /// (UIKit `frame` with no transform); finite.
    const htRect* frames;
    /// NULL (every view visible and enabled) or `count` entries of HT_VIEW_* bits.
    const uint8_t* flags;
    /// NULL (every name "") or `count` UTF-8 names (a NULL entry is ""); copied.
    const char* const* names;
    /// The class name of every view; NULL is "UIView". Copied.
    const char* className;
    /// NULL (every view's user data 0) or `count` host values, as htViewDef.userData
    /// (see htView_GetUserData). Like every user data, never saved with a scene.
    const uintptr_t* userData;
} htViewArrays;

/// The answer of a hit-test. Swift: `StoreHit`.
typedef struct htHit {
    /// The view that gets the touch; the null id when nothing is hit.
    htViewId view;
    /// Its window.
    htViewId window;
    /// The point in the hit view's bounds coordinates, bit for bit UIKit's.
    htVec2 localPoint;
} htHit;

#ifdef __cplusplus
}
#endif

#endif  // HITTEST_TYPES_H
