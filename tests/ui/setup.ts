import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Screens render arriving data as a transition (issue 12), in slices: on a loaded two-core CI machine the
// default 1 s wait of findBy* was seen to run out before a list showed. Waiting longer changes no verdict.
configure({ asyncUtilTimeout: 5_000 });
