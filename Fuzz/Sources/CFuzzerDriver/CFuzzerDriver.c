// Declarations only: LLVMFuzzerRunDriver is defined by libFuzzer itself.
#include "CFuzzerDriver.h"
