export const STORE_NAME = 'mvs/quotas';

/** Context of this screen's notices in `core/notices`. */
export const NOTICE_CONTEXT = 'mvs/quotas';

/** Members per page of the usage list (each row costs one quota request). */
export const MEMBERS_PER_PAGE = 10;
