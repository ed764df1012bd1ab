// Types of tools/package-files.mjs, for the unit tests that share its list.
export declare const repoRoot: string;
export declare const PLUGINS: ReadonlyArray<{ dir: string; slug: string; textDomain: string }>;
export declare function isShipped(relativePath: string): boolean;
export declare function pluginFiles(dir: string): string[];
export declare function headerField(text: string, name: string): string | undefined;
export declare function releaseVersion(): string;
