/* A small test harness: CHECK records a failure with its place and goes on; main returns the verdict. */
#ifndef KROU_TESTING_H
#define KROU_TESTING_H

#include <stdio.h>

extern int test_failures;
extern int test_checks;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        test_checks++;                                                                                                 \
        if (!(cond)) {                                                                                                 \
            test_failures++;                                                                                           \
            fprintf(stderr, "%s:%d: failed: %s: ", __FILE__, __LINE__, #cond);                                         \
            fprintf(stderr, __VA_ARGS__);                                                                              \
            fputc('\n', stderr);                                                                                       \
        }                                                                                                              \
    } while (0)

/* prints the summary; the exit code of the test program */
int test_report(const char *name);

/* the repository's root, from native/tests (where make check runs the tests) */
#define REPO "../.."
#define GOLDEN REPO "/testkit/src/main/resources/org/krou/golden"

#endif
