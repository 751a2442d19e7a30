// The error answers of test apps that their endpoints do not declare: createTestApp passes
// `recordUndeclaredError` to every app it builds, and after each test (undeclared-errors-setup.ts)
// any answer recorded fails that test, naming the route and the error, so the contract's lists
// of errors stay true of what the server answers.
import type { UndeclaredErrorAnswer } from '../src/plugins/errors.ts';

/** Recorded since they were last taken; a test worker runs one test at a time. */
const recorded: UndeclaredErrorAnswer[] = [];

export function recordUndeclaredError(answer: UndeclaredErrorAnswer): void {
  recorded.push(answer);
}

/** The answers recorded since the last call, which forgets them. */
export function takeUndeclaredErrors(): UndeclaredErrorAnswer[] {
  return recorded.splice(0);
}

/** One line per route and error, however often it was answered. */
function describeUndeclaredError({ route, kind, code, status }: UndeclaredErrorAnswer) {
  return `${route} answered ${status} ${kind} (${code}), which its endpoint does not declare`;
}

/** Throws, listing them, when answers with undeclared errors were recorded since the last call. */
export function assertNoUndeclaredErrors(): void {
  const lines = [...new Set(takeUndeclaredErrors().map(describeUndeclaredError))];
  if (lines.length === 0) return;
  throw new Error(
    `${lines.join('\n')}\nAdd each error to its endpoint's \`errors\` in packages/contract/src/` +
      `endpoints/ if the server is right to answer it; otherwise the server is wrong.`,
  );
}
