// Types of e2e/site/ports.mjs.
export declare function isPortFree(port: number): Promise<boolean>;
export declare function findFreePort(): Promise<number>;
