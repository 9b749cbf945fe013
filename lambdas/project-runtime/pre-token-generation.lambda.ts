/**
 * Lambda entry of a generated project's pre token generation trigger (AWS only; attach it as a
 * V2_0 trigger, see pre-token-generation.ts). The config is parsed and the client built once per
 * cold start; the region comes from the Lambda's own AWS_REGION.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PreTokenGenerationV2TriggerHandler } from 'aws-lambda';
import { DynamoMembershipLookup } from '../adapters/project-data/membership-store';
import { createPreTokenGenerationHandler, parsePreTokenGenerationConfig } from './pre-token-generation';

const { tableName } = parsePreTokenGenerationConfig();
const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler: PreTokenGenerationV2TriggerHandler = createPreTokenGenerationHandler(new DynamoMembershipLookup({ doc, tableName }));
