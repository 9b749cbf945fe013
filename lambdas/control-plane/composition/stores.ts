/**
 * Providers of the control plane's stores: each over the caller's DynamoDB client and the
 * control-plane table (one provider per port, so a route's bundle holds only the ones it names).
 */
import { ProjectRepository } from '../../adapters/dynamodb/project-repository';
import { UserProfileRepository } from '../../adapters/dynamodb/user-profile-repository';
import { SpecRepository } from '../../adapters/dynamodb/spec-repository';
import { ConversationRepository } from '../../adapters/dynamodb/conversation-repository';
import { UsageRepository } from '../../adapters/dynamodb/usage-repository';
import { BlueprintRepository } from '../../adapters/dynamodb/blueprint-repository';
import { DeploymentRepository } from '../../adapters/dynamodb/deployment-repository';
import { loadOrCreateSecret } from '../../adapters/dynamodb/secrets';
import type { Provider } from './root';
import type { ControlPlanePorts } from './services';

type StoreProvider<K extends keyof ControlPlanePorts> = Provider<ControlPlanePorts[K]>;

export const projects: StoreProvider<'projects'> = ({ doc, config }) => new ProjectRepository(doc, config.tableName);
export const profiles: StoreProvider<'profiles'> = ({ doc, config }) => new UserProfileRepository(doc, config.tableName);
export const specs: StoreProvider<'specs'> = ({ doc, config }) => new SpecRepository(doc, config.tableName);
export const conversations: StoreProvider<'conversations'> = ({ doc, config }) => new ConversationRepository(doc, config.tableName);
export const usage: StoreProvider<'usage'> = ({ doc, config }) => new UsageRepository(doc, config.tableName);
export const blueprints: StoreProvider<'blueprints'> = ({ doc, config }) => new BlueprintRepository(doc, config.tableName);
export const deployments: StoreProvider<'deployments'> = ({ doc, config }) => new DeploymentRepository(doc, config.tableName);

/** Read on first use, then kept: only list routes read it (a GetItem, or a PutItem the first time ever). */
export const cursorSecret: StoreProvider<'cursorSecret'> = ({ doc, config }) => {
  let value: Promise<string> | undefined;
  return () => {
    value ??= loadOrCreateSecret(doc, config.tableName, 'cursor-signing-key').catch((err: unknown) => {
      value = undefined;
      throw err;
    });
    return value;
  };
};
