// Vitest setup of the suites that build test apps (vitest.config.ts): a test after which an app
// answered an error its endpoint does not declare fails, and so does a file whose hooks did.
import { afterAll, afterEach } from 'vitest';
import { assertNoUndeclaredErrors } from './undeclared-errors.ts';

afterEach(assertNoUndeclaredErrors);
afterAll(assertNoUndeclaredErrors);
