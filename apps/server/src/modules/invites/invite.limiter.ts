import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Limiters } from '../../auth/limiters.ts';
import { errorMessages } from '@fleetgate/contracts';
import { ApiError } from '../../http/errors.ts';

export type InviteLimits = { perInviterPerHour: number; perCompanyPerHour: number };

/** Roomy for onboarding a real team, too tight to use a company as a mailing machine. */
export const defaultInviteLimits: InviteLimits = { perInviterPerHour: 50, perCompanyPerHour: 200 };

/** One company sends the invitation to one address at most this often (checked on the stored invite). */
export const inviteResendSeconds = 600;

export type InviteLimiter = {
  /** Takes one point per invitation from the inviter's and the company's hourly budgets, or throws a 429. */
  consume(inviterId: number, companyId: number, invitations: number): Promise<void>;
};

/**
 * Budgets are taken before any lookup or mail, and each take is one atomic step of the store
 * (memory, or one upsert in PostgreSQL shared by every process), so parallel requests can never
 * send more than the budget. A refused request gives its points back: only invitations that may
 * go out count.
 */
export function createInviteLimiter(limits: InviteLimits, limiters: Limiters): InviteLimiter {
  const byInviter = limiters.counter('invite:inviter', limits.perInviterPerHour, 3600);
  const byCompany = limiters.counter('invite:company', limits.perCompanyPerHour, 3600);
  return {
    async consume(inviterId, companyId, invitations) {
      await take(byInviter, String(inviterId), invitations);
      try {
        await take(byCompany, String(companyId), invitations);
      } catch (error) {
        await byInviter.reward(String(inviterId), invitations);
        throw error;
      }
    },
  };
}

async function take(limiter: RateLimiterAbstract, key: string, points: number) {
  try {
    await limiter.consume(key, points);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    await limiter.reward(key, points);
    throw tooManyInvitations(rejection.msBeforeNext / 1000);
  }
}

export function tooManyInvitations(retryAfterSeconds: number) {
  return new ApiError(429, errorMessages.rateLimited, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}
