import type { PrivacyStatement, TermsOfUseAcceptance, TermsOfUsePolicy } from '@fleetgate/contracts';
import type { PolicyRow, PrivacyStatementRow } from './terms.repository.ts';

export function presentPolicy(row: PolicyRow, source: 'company' | 'sector'): TermsOfUsePolicy {
  return {
    publicId: row.public_id,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    languages: row.languages,
    source,
  };
}

export function presentPrivacyStatement(
  row: PrivacyStatementRow,
  source: 'company' | 'sector',
): PrivacyStatement {
  return {
    publicId: row.public_id,
    updatedAt: row.updated_at.toISOString(),
    languages: row.languages,
    source,
  };
}

export function presentAcceptance(
  acceptance: { public_id: string; accepted_at: Date },
  policy: PolicyRow,
): TermsOfUseAcceptance {
  return {
    publicId: acceptance.public_id,
    termsOfUsePolicy: { publicId: policy.public_id, version: policy.version },
    acceptedAt: acceptance.accepted_at.toISOString(),
  };
}
