export const STORE_NAME = 'mvs/quotas';

/** Context of this screen's notices in `core/notices`. */
export const NOTICE_CONTEXT = 'mvs/quotas';

/** Members per page of the usage list (one request a page). */
export const MEMBERS_PER_PAGE = 20;

/** Entries per page of a member's credit history in their dialog. */
export const HISTORY_PER_PAGE = 10;
