/**
 * Community members made through WordPress's own REST API (POST /wp/v2/users,
 * then an application password), never through the test harness: the smoke
 * journeys must prove the product works on a site that has only the product.
 * A member of its own keeps a journey's blocks, reports and totals away
 * from the shared fixture users other specs read.
 */
import { connect, expect, type Api } from './mvs';
import { uniqueName } from './seed';

export interface Member {
	id: number;
	login: string;
	/** Authenticated as this member; dispose after use. */
	api: Api;
}

/** A new user with the Community Member role (`mvs_member`, or the `roles` given), created by `admin`. */
export async function createMember(admin: Api, roles: string[] = ['mvs_member']): Promise<Member> {
	const login = uniqueName('smoke').replace(/-/g, '_');
	const user = await admin.raw('POST', '/wp-json/wp/v2/users', {
		json: { username: login, email: `${login}@example.test`, password: `${login}-Pw1!`, roles },
	});
	expect(user.status, JSON.stringify(user.body)).toBe(201);
	const id = user.body.id as number;
	const app = await admin.raw('POST', `/wp-json/wp/v2/users/${id}/application-passwords`, { json: { name: 'smoke journey' } });
	expect(app.status, JSON.stringify(app.body)).toBe(201);
	return { id, login, api: await connect('member', { login, appPassword: app.body.password as string }) };
}

/** A user who signs in with a password, as POST /auth/app-password takes it. */
export interface PasswordUser {
	id: number;
	login: string;
	email: string;
	password: string;
}

/** A new Community Member with a known password, created by `admin` through POST /wp/v2/users (no application password). */
export async function createPasswordUser(admin: Api): Promise<PasswordUser> {
	const login = uniqueName('signin').replace(/-/g, '_');
	const password = `${login}-Pw1!`;
	const email = `${login}@example.test`;
	const user = await admin.raw('POST', '/wp-json/wp/v2/users', { json: { username: login, email, password, roles: ['mvs_member'] } });
	expect(user.status, JSON.stringify(user.body)).toBe(201);
	return { id: user.body.id as number, login, email, password };
}
