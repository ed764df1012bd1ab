import type {
	MemberQuota,
	QuotaPackage,
	QuotaUsage,
} from '../../../../client/src/client';
import type {
	CreditHistory,
	Failure,
	MembersQuery,
	QuotasState,
} from './types';

/** The packages in display order; null until loaded (the resolver loads them). */
export function getPackages( state: QuotasState ): QuotaPackage[] | null {
	return state.packages;
}

export function getPackagesError( state: QuotasState ): string | null {
	return state.packagesError;
}

export function getPackage(
	state: QuotasState,
	id: number
): QuotaPackage | undefined {
	return state.packages?.find( ( row ) => row.id === id );
}

export function getEditing( state: QuotasState ): { id: number | null } | null {
	return state.editing;
}

export function getDeleting( state: QuotasState ): number | null {
	return state.deleting;
}

export function isSaving( state: QuotasState ): boolean {
	return state.saving;
}

export function getFormError( state: QuotasState ): Failure | null {
	return state.formError;
}

export function getMembersQuery( state: QuotasState ): MembersQuery {
	return state.membersQuery;
}

/** The listed members; null until the first page arrives (the resolver loads it). */
export function getMembers( state: QuotasState ): MemberQuota[] | null {
	return state.members;
}

export function getMembersTotal( state: QuotasState ): number {
	return state.membersTotal;
}

export function getMembersPages( state: QuotasState ): number {
	return state.membersPages;
}

export function isMembersLoading( state: QuotasState ): boolean {
	return state.membersLoading;
}

export function getMembersError( state: QuotasState ): string | null {
	return state.membersError;
}

export function getQuota(
	state: QuotasState,
	userId: number
): QuotaUsage | undefined {
	return state.quotas[ userId ];
}

export function getManaging( state: QuotasState ): number | null {
	return state.managing;
}

export function getMember(
	state: QuotasState,
	userId: number
): MemberQuota | undefined {
	return state.members?.find( ( member ) => member.id === userId );
}

export function isMemberBusy( state: QuotasState ): boolean {
	return state.memberBusy;
}

export function getMemberError( state: QuotasState ): Failure | null {
	return state.memberError;
}

/** The open member's credit history page; null before its first load. */
export function getHistory(
	state: QuotasState,
	userId: number
): CreditHistory | null {
	return state.history?.userId === userId ? state.history : null;
}
