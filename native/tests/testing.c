#include "testing.h"

int test_failures;
int test_checks;

int test_report(const char *name) {
    printf("%s: %d checks, %d failed\n", name, test_checks, test_failures);
    return test_failures ? 1 : 0;
}
