import { test } from '@playwright/test';

/**
 * Whether this run has only the @phone-tagged tests of a file (the phone project, or E2E_GREP as CI's Node 24
 * pass sets it): a tagged test then sets up for itself what the file's untagged tests would have done before it.
 */
export function taggedTestsOnly(): boolean {
  return test.info().project.name === 'phone' || Boolean(process.env.E2E_GREP);
}
