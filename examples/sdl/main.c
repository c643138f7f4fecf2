// A real host for HitTestKit's C dispatch API: an SDL2 window with three buttons, a
// scrolling list and a pad whose knob follows a pan. Every frame the program turns SDL's
// mouse and finger events into one frame of touches (or only advances time), feeds it to
// the dispatcher, prints the dispatcher's events (events.c describes the log's lines),
// applies their effect, writes its layout back to the world and draws.
//
//   hittest_example_sdl [--frames N] [--exit-after-ms MS] [--screenshot PATH]
//
// --frames and --exit-after-ms end the program after that many frames or milliseconds;
// without them it runs until its window is closed (SIGINT and SIGTERM close it too, as
// SDL turns them into a quit event). --screenshot saves the last frame as a BMP file.
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"

typedef struct Options {
    long frames;
    long exitAfterMs;
    const char* screenshot;
} Options;

static long parse_count(const char* option, const char* text) {
    char* end = NULL;
    errno = 0;
    long value = text != NULL ? strtol(text, &end, 10) : -1;
    if (text == NULL || *text == '\0' || *end != '\0' || errno != 0 || value <= 0) {
        fprintf(stderr, "sdl example: %s needs a positive whole number, got %s\n", option,
                text != NULL ? text : "nothing");
        exit(2);
    }
    return value;
}

static Options parse_options(int argc, char** argv) {
    Options o = {0, 0, NULL};
    for (int i = 1; i < argc; i++) {
        const char* next = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--frames") == 0) {
            o.frames = parse_count("--frames", next);
            i++;
        } else if (strcmp(argv[i], "--exit-after-ms") == 0) {
            o.exitAfterMs = parse_count("--exit-after-ms", next);
            i++;
        } else if (strcmp(argv[i], "--screenshot") == 0 && next != NULL) {
            o.screenshot = next;
            i++;
        } else {
            fprintf(stderr,
                    "usage: %s [--frames N] [--exit-after-ms MS] [--screenshot PATH]\n"
                    "unknown or incomplete option: %s\n",
                    argv[0], argv[i]);
            exit(2);
        }
    }
    return o;
}

int main(int argc, char** argv) {
    Options options = parse_options(argc, argv);
    // A stable log: one line per event, written as it happens (a test reads it live).
    setvbuf(stdout, NULL, _IOLBF, 0);
    // Finger events stay finger events (no synthesized mouse events), and the reverse.
    SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0");
    SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "sdl example: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    SDL_Window* window = SDL_CreateWindow("HitTestKit SDL example", SDL_WINDOWPOS_UNDEFINED,
                                          SDL_WINDOWPOS_UNDEFINED, APP_WIDTH, APP_HEIGHT,
                                          SDL_WINDOW_SHOWN);
    SDL_Renderer* renderer = window != NULL ? SDL_CreateRenderer(window, -1, 0) : NULL;
    if (window != NULL && renderer == NULL) {
        renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
    }
    if (renderer == NULL) {
        fprintf(stderr, "sdl example: window or renderer: %s\n", SDL_GetError());
        SDL_Quit();
        return 1;
    }

    static App app;
    ui_build(&app);
    const Uint64 start = SDL_GetTicks64();
    double previous = 0;
    long frames = 0;
    bool running = true;
    while (running) {
        const double now = (double)(SDL_GetTicks64() - start) / 1000.0;
        SDL_Event event;
        while (running && SDL_PollEvent(&event)) running = input_handle(&app, &event, now);
        // This frame's touches, or only time passing (timers fire), then the events.
        input_feed_frame(&app, now);
        ui_layout(&app, now - previous);
        draw_frame(&app, renderer);
        SDL_RenderPresent(renderer);
        if (frames == 0) {
            printf("%.3f ready window=%u size=%dx%d\n", now, SDL_GetWindowID(window),
                   APP_WIDTH, APP_HEIGHT);
        }
        frames++;
        previous = now;
        if (options.frames > 0 && frames >= options.frames) running = false;
        if (options.exitAfterMs > 0 && SDL_GetTicks64() - start >= (Uint64)options.exitAfterMs)
            running = false;
        if (running) SDL_Delay(10);
    }

    const double end = (double)(SDL_GetTicks64() - start) / 1000.0;
    input_cancel_all(&app, end < previous ? previous : end);
    int status = 0;
    if (options.screenshot != NULL) {
        // The last frame again (with the touches cancelled), read before it is presented.
        draw_frame(&app, renderer);
        if (draw_save_screenshot(renderer, options.screenshot)) {
            printf("%.3f screenshot path=%s\n", end, options.screenshot);
        } else {
            status = 1;
        }
    }
    ui_destroy(&app);
    printf("%.3f exit frames=%ld bytes=%lld\n", end, frames, (long long)htGetByteCount());
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return htGetByteCount() == 0 ? status : 1;
}
