/**
 * Rate-limit tests count in a window of their own: the harness's
 * X-MVS-Test-Bucket header gives the caller a bucket nobody else shares, and
 * X-MVS-Test-Now pins the limiter's clock (filter mvs_rate_limit_now). Without
 * the pinned clock a threshold test on a slow site (Playground answers a
 * request in seconds under load) spreads over several one-minute windows and
 * never reaches its limit.
 */

/** A window one day ahead, so the hourly purge (older than two minutes) never touches it mid-test. */
export interface PinnedWindow {
	/** Headers for a request counted in this bucket, `minutesLater` windows after the pinned one. */
	headers: (minutesLater?: number) => Record<string, string>;
	/** The same bucket under another name: a second caller with an allowance of its own. */
	other: () => PinnedWindow;
}

export function pinnedWindow(label: string): PinnedWindow {
	const bucket = `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
	// Twenty seconds into a minute: Retry-After is then 40, never 0 or 60.
	const start = Math.floor(Date.now() / 1000 / 60) * 60 + 86_400 + 20;
	const make = (name: string): PinnedWindow => ({
		headers: (minutesLater = 0) => ({ 'X-MVS-Test-Bucket': name, 'X-MVS-Test-Now': String(start + minutesLater * 60) }),
		other: () => make(`${name}-other`),
	});
	return make(bucket);
}
