import type { SiteRole } from '../quotas-package-form/types';

export interface PackagesProps {
	/** The site's roles (names of a package's roles, the form's choices). */
	roles: SiteRole[];
}
