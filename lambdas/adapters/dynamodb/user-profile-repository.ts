/**
 * Control-plane user profiles (`USER#<id>` / `PROFILE`): the identity provider owns the
 * credentials; BGS keeps what it shows (`GET /auth/me`: id, email, createdAt).
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { UserProfile, UserProfileRepository } from '../../ports/user-profile-repository';
import { keys } from './keys';

export class DynamoUserProfileRepository implements UserProfileRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(userId: string): Promise<UserProfile | null> {
    const { Item } = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.profile(userId) }));
    return Item ? { id: Item.id as string, email: Item.email as string, createdAt: Item.createdAt as string } : null;
  }

  /** Writes the profile unless it exists (a signup retried, or a lazy creation racing one). */
  async ensure(profile: UserProfile): Promise<UserProfile> {
    const { Attributes } = await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: keys.profile(profile.id),
        UpdateExpression: 'SET id = if_not_exists(id, :id), email = if_not_exists(email, :email), createdAt = if_not_exists(createdAt, :at)',
        ExpressionAttributeValues: { ':id': profile.id, ':email': profile.email, ':at': profile.createdAt },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { id: Attributes?.id as string, email: Attributes?.email as string, createdAt: Attributes?.createdAt as string };
  }
}

/** @deprecated The class's old name, until the composition root constructs DynamoUserProfileRepository (the port is UserProfileRepository). */
