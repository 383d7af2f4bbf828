export declare const BUILD_INPUTS: readonly string[];
export declare const FINGERPRINT_FILE: string;
export declare function fingerprintInputs(root: string): string;
export declare function staleReason(root: string): string | null;
export declare function recordFingerprint(root: string): void;
export declare function buildIfStale(root: string): number;
