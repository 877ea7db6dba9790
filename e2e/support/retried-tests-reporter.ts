import type { Reporter, TestCase } from 'vitest/node';

/**
 * Prints what went wrong in every test that failed and then passed on its retry (the e2e project
 * retries once). Vitest's own reporter shows only the attempt that passed, and a race the retry
 * hid is still a race to fix: this puts its error in the CI log.
 */
export class RetriedTestsReporter implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    const result = testCase.result();
    if (result.state !== 'passed' || !result.errors?.length) return;
    const errors = result.errors.map((error) => error.stack ?? error.message).join('\n');
    process.stdout.write(
      `\nPassed on retry: ${testCase.fullName} (${testCase.module.moduleId})\n${errors}\n\n`,
    );
  }
}
