// ESLint's RuleTester run by Vitest, over TypeScript and JSX as the project writes them.
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

export const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

/** A file at `relative` in this project, as ESLint names it. */
export const at = (relative) => path.join(process.cwd(), relative);
