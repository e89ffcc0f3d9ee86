/** Kept equal to package.json's version (a unit test checks it). */
export const VERSION = '0.1.0';
