export const BUILD_INPUTS: readonly string[];
export const STAMP: string;
export function inputsDigest(root: string): string;
export function distIsFresh(root: string): boolean;
export function stampDist(root: string, digest: string): void;
