/** The seeded generator lives in core (statements are generated from it too); the seed keeps its import. */
export { createRng, type Rng } from '../../../core/domain/random.js';
