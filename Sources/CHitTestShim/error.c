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
