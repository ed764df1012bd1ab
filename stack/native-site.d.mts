// Types of stack/native-site.mjs, for the spec that installs the plugin zips.
export declare const PHP_WORKERS: number;
export declare const DEBIAN_PACKAGES: string[];
export declare const TMP_PREFIX: string;
export declare const STATE_FILE: string;
export interface NativeSite {
	url: string;
	fixtures: Record<string, unknown>;
	logFile: string;
	phpLogFile: string;
	daemons: unknown;
	stop: () => Promise<void>;
}
export declare function startNativeSite(options?: { port?: number; label?: string; harness?: boolean; plugins?: boolean }): Promise<NativeSite>;
export declare function mountRepoFolders(wordpressDir: string, harness: boolean, plugins?: boolean): void;
