import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// testing-library waits 1 s by default for a `findBy…`/`waitFor`. On CI's two loaded cores a page that
// renders charts after a mocked query can take longer than that to appear, and a test then fails on
// timing alone (CI saw one such failure that never reproduced here). What a test waits for either
// appears or it does not: a longer wait only changes how long a real failure takes to report.
configure({ asyncUtilTimeout: 5_000 });
