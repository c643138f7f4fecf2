// Drawing: the world's views read back through the C API (children bottom to top, frames,
// bounds origins, hidden), each filled with its node's color; the hit view of a touch
// down is lighter, a pressed control yellow, the selected row blue, a recognizer's view
// outlined while it runs. The touches are drawn as small crosses.
#include <stdio.h>

#include "app.h"

static SDL_Color lighter(SDL_Color c) {
    return (SDL_Color){(Uint8)(c.r + (255 - c.r) / 2), (Uint8)(c.g + (255 - c.g) / 2),
                       (Uint8)(c.b + (255 - c.b) / 2), 255};
}

static bool running(htGestureId gesture) {
    int32_t state = HT_STATE_POSSIBLE;
    return htGesture_GetState(gesture, &state) == HT_OK &&
           (state == HT_STATE_BEGAN || state == HT_STATE_CHANGED);
}

static SDL_Color node_color(const App* app, const Node* node) {
    if (node->pressed) return (SDL_Color){237, 212, 0, 255};
    if (node->row >= 0 && node->row == app->selectedRow) return (SDL_Color){32, 74, 135, 255};
    if (node->touches > 0) return lighter(node->color);
    return node->color;
}

/// Draws `view` whose superview's bounds origin is at screen point (ox, oy), clipped to
/// `clip`, then its subviews.
static void draw_view(const App* app, SDL_Renderer* r, htViewId view, double ox, double oy,
                      SDL_Rect clip) {
    bool hidden = false;
    htRect frame, bounds;
    if (htView_GetHidden(view, &hidden) != HT_OK || hidden) return;
    app_check(htView_GetFrame(view, &frame), "htView_GetFrame");
    app_check(htView_GetBounds(view, &bounds), "htView_GetBounds");
    const Node* node = ui_node(view);
    SDL_Rect rect = {(int)(ox + frame.x), (int)(oy + frame.y), (int)frame.width,
                     (int)frame.height};
    SDL_RenderSetClipRect(r, &clip);
    if (node != NULL) {
        SDL_Color c = node_color(app, node);
        SDL_SetRenderDrawColor(r, c.r, c.g, c.b, 255);
        SDL_RenderFillRect(r, &rect);
        // One small square per action the control fired (up to ten).
        SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
        for (int i = 0; i < node->actions && i < 10; i++) {
            SDL_Rect mark = {rect.x + 6 + i * 9, rect.y + 6, 6, 6};
            SDL_RenderFillRect(r, &mark);
        }
        if ((node == app->list && running(app->listScroll)) ||
            (node == app->pad && running(app->knobPan))) {
            SDL_SetRenderDrawColor(r, 252, 175, 62, 255);
            SDL_RenderDrawRect(r, &rect);
        }
    }
    SDL_Rect childClip = clip;
    if (node != NULL && node->clips && !SDL_IntersectRect(&clip, &rect, &childClip)) return;
    htViewId children[APP_MAX_NODES];
    int32_t count = 0;
    app_check(htView_GetChildren(view, children, APP_MAX_NODES, &count), "htView_GetChildren");
    for (int32_t i = 0; i < count; i++) {
        draw_view(app, r, children[i], rect.x - bounds.x, rect.y - bounds.y, childClip);
    }
}

void draw_frame(App* app, SDL_Renderer* r) {
    SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
    SDL_RenderSetClipRect(r, NULL);
    SDL_RenderClear(r);
    SDL_Rect screen = {0, 0, APP_WIDTH, APP_HEIGHT};
    draw_view(app, r, app->window->view, 0, 0, screen);
    SDL_RenderSetClipRect(r, NULL);
    SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
    for (int id = 0; id < APP_MAX_TOUCH_ID; id++) {
        if (!app->touchDown[id]) continue;
        int x = (int)app->touchPoint[id].x, y = (int)app->touchPoint[id].y;
        SDL_RenderDrawLine(r, x - 8, y, x + 8, y);
        SDL_RenderDrawLine(r, x, y - 8, x, y + 8);
    }
}

bool draw_save_screenshot(SDL_Renderer* r, const char* path) {
    int width = 0, height = 0;
    if (SDL_GetRendererOutputSize(r, &width, &height) != 0) return false;
    SDL_Surface* surface =
        SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
    if (surface == NULL) return false;
    bool ok = SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, surface->pixels,
                                   surface->pitch) == 0 &&
              SDL_SaveBMP(surface, path) == 0;
    if (!ok) fprintf(stderr, "sdl example: screenshot %s: %s\n", path, SDL_GetError());
    SDL_FreeSurface(surface);
    return ok;
}
