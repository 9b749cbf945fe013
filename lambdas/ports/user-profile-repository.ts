/**
 * Control-plane user profiles: the identity provider owns the credentials; BGS keeps what it
 * shows (`GET /auth/me`). DynamoDB: lambdas/adapters/dynamodb/user-profile-repository.ts.
 */

export interface UserProfile {
  readonly id: string;
  readonly email: string;
  readonly createdAt: string;
}

export interface UserProfileRepository {
  get(userId: string): Promise<UserProfile | null>;
  /** Writes the profile unless it exists (a signup retried, or a lazy creation racing one); the stored one. */
  ensure(profile: UserProfile): Promise<UserProfile>;
}
