// Types of tools/package.mjs, for the unit tests and the install spec.
export declare function versionMismatches(version?: string): string[];
export declare function buildZips(outDir?: string): Array<{ slug: string; file: string; bytes: number; files: number }>;
export declare function unpack(zips: Array<{ file: string }>, dir: string): void;
