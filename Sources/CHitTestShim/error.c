// The last error, one per thread (htGetLastError, htGetLastErrorMessage).
#include "CHitTestShim.h"

#include <string.h>

enum { htMessageCapacity = 512 };

static _Thread_local htResult htLastCode;
static _Thread_local char htLastMessage[htMessageCapacity];

void htShim_SetLastError(htResult code, const char* message) {
    htLastCode = code;
    if (message == NULL) message = "";
    size_t n = strlen(message);
    if (n >= htMessageCapacity) n = htMessageCapacity - 1;
    memcpy(htLastMessage, message, n);
    htLastMessage[n] = '\0';
}

htResult htGetLastError(void) { return htLastCode; }

const char* htGetLastErrorMessage(void) { return htLastMessage; }

const char* htResultName(htResult result) {
    switch (result) {
    case HT_OK: return "HT_OK";
    case HT_ERROR_NULL_ID: return "HT_ERROR_NULL_ID";
    case HT_ERROR_STALE_ID: return "HT_ERROR_STALE_ID";
    case HT_ERROR_FOREIGN_ID: return "HT_ERROR_FOREIGN_ID";
    case HT_ERROR_INVALID_ARGUMENT: return "HT_ERROR_INVALID_ARGUMENT";
    case HT_ERROR_NOT_ALLOWED: return "HT_ERROR_NOT_ALLOWED";
    case HT_ERROR_FILE: return "HT_ERROR_FILE";
    case HT_ERROR_SCENE: return "HT_ERROR_SCENE";
    case HT_ERROR_TOO_MANY_WORLDS: return "HT_ERROR_TOO_MANY_WORLDS";
    case HT_ERROR_BUFFER_TOO_SMALL: return "HT_ERROR_BUFFER_TOO_SMALL";
    case HT_ERROR_TOO_MANY_DISPATCHERS: return "HT_ERROR_TOO_MANY_DISPATCHERS";
    case HT_ERROR_OUT_OF_MEMORY: return "HT_ERROR_OUT_OF_MEMORY";
    default: return "unknown";
    }
}
