#include <unicode/utypes.h>
#include <unicode/ubrk.h>
#include <unicode/uscript.h>
#include <unicode/ubidi.h>
#include <unicode/uchar.h>
