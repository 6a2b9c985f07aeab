import { layoutGuard } from './harness/layout-guard';

// Issue 18's layout guard in English (docs/layout.md); the other language runs in its own file, beside it.
layoutGuard('en');
