// The model-based testing harness, in four parts: the model and its paths (modelPaths.ts), the fakes of a
// machine's effects (fakes.ts), the real actor on a simulated clock (actorHarness.ts), and the replay of a
// path against it with the oracle checked at every step (replay.ts).

export * from './actorHarness';
export * from './fakes';
export * from './modelPaths';
export * from './replay';
