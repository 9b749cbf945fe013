/**
 * A generated project's identity: its own Cognito user pool and public app client, configured
 * from the blueprint's `auth` (CONTRACT "Generated project API"), and the pre-token-generation
 * trigger that puts the caller's `role` (and `org_id` when multi-tenant) into access and ID
 * tokens, read from the project's table (lambdas/project-runtime/pre-token-generation.ts).
 *
 * Why Essentials: only a V2_0 trigger event customizes ACCESS tokens, which is what the runtime
 * authorizes with, and V2_0 needs the Essentials or Plus feature plan. The runtime calls Cognito's
 * public APIs (SignUp, InitiateAuth, ...) with the client id and verifies tokens itself
 * (DESIGN.md "Tokens"); its IAM rights on the pool are AdminDeleteUser, AdminGetUser and AdminUserGlobalSignOut (ProjectRuntimeFunction).
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { userPoolEmail } from '../shared/user-pool-mail';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { BlueprintIR } from '../../lambdas/core/blueprint/ir';
import { ENV } from '../../lambdas/shared/env';
import { BgsFunction } from '../shared/bgs-function';
import { PROJECT_CODE_ENTRIES } from './project-code';

export interface ProjectIdentityProps {
  /** The project's blueprint (auth policy, token lifetimes, name in the emails). */
  readonly ir: BlueprintIR;
  /** The project's id, in descriptions. */
  readonly projectId: string;
  /** The project's table, where memberships live: the trigger reads it. */
  readonly tableName: string;
  readonly tableArn: string;
  /**
   * The trigger's code (ProjectStack's `code` prop).
   *
   * @default the service's bundle of the trigger entry
   */
  readonly preTokenGenerationCode?: lambda.Code;
  /**
   * How long the trigger's logs are kept.
   *
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Delete the pool (and the trigger's logs) with the stack (development stacks only). Off, the
   * pool keeps deletion protection and is retained, so the project's accounts survive.
   *
   * @default false
   */
  readonly destroyOnRemoval?: boolean;
  /**
   * The sender of the pool's codes: an address of an SES identity verified in the stack's region.
   *
   * @default - Cognito's default sender (a small daily quota for the whole account; synthesis warns)
   */
  readonly mailFrom?: string;
}

/** Cognito takes 1-140 characters of text in an email subject; a spec title is reduced to that. */
function emailSubject(projectName: string): string {
  const name = projectName.replace(/[\p{Cc}\p{Cf}]/gu, ' ').replace(/\s+/g, ' ').trim();
  const subject = name === '' ? 'Your verification code' : `Your ${name} verification code`;
  return subject.length <= 140 ? subject : 'Your verification code';
}

export class ProjectIdentity extends Construct {
  public readonly userPool: cognito.UserPool;
  public readonly userPoolClient: cognito.UserPoolClient;
  public readonly preTokenGeneration: BgsFunction;

  constructor(scope: Construct, id: string, props: ProjectIdentityProps) {
    super(scope, id);
    const destroy = props.destroyOnRemoval ?? false;
    const { auth } = props.ir;
    const subject = emailSubject(props.ir.project.name);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // CONTRACT: `POST /auth/signup` is open, a code is emailed, login needs a confirmed account.
      selfSignUpEnabled: auth.selfSignup,
      signInAliases: { email: true }, // the email is the username
      signInCaseSensitive: false,
      autoVerify: { email: auth.emailVerification },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE, // entered at POST /auth/confirm
        emailSubject: subject,
        emailBody: `${subject} is {####}`,
      },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        minLength: auth.passwordPolicy.minLength,
        requireUppercase: auth.passwordPolicy.requireUppercase,
        requireLowercase: auth.passwordPolicy.requireLowercase,
        requireDigits: auth.passwordPolicy.requireDigit,
        requireSymbols: auth.passwordPolicy.requireSymbol,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Essentials: the V2_0 pre-token-generation event (claims in ACCESS tokens) needs it.
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      mfa: cognito.Mfa.OFF,
      deletionProtection: !destroy,
      removalPolicy: destroy ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      email: userPoolEmail(this, props.mailFrom, props.ir.project.name.slice(0, 64) || 'BGS'),
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          "The blueprint's password policy (ir.auth.passwordPolicy, CONTRACT and the service description): at least " +
          '8 characters with an uppercase letter, a lowercase letter and a number, "a special character is optional"; ' +
          'requiring symbols would refuse passwords the contract accepts (and the local identity accepts).',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'A generated API signs in with email and password and POST /auth/login answers tokens directly (CONTRACT ' +
          '"Generated project API"); required MFA would add a challenge step the API does not have. Brute force is ' +
          "covered by Cognito's built-in lock-out after repeated failures and the stage's throttle.",
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection (advanced security, adaptive authentication) needs the Plus feature plan, billed per ' +
          'monthly active user for every generated project; the Essentials plan is chosen because the V2 ' +
          "pre-token-generation trigger needs it. Cognito's lock-out still applies, and an owner can move a project " +
          'to Plus. (The control plane, one pool for all BGS users, runs Plus with full-function threat protection.)',
      },
    );

    this.userPoolClient = this.userPool.addClient('Client', {
      // Public client: the password flows run in the runtime, and no secret is handed out.
      generateSecret: false,
      // USER_PASSWORD_AUTH for /auth/login; CDK adds ALLOW_REFRESH_TOKEN_AUTH for /auth/refresh.
      authFlows: { userPassword: true },
      accessTokenValidity: Duration.seconds(auth.tokenLifetimes.accessSeconds),
      idTokenValidity: Duration.seconds(auth.tokenLifetimes.idSeconds),
      refreshTokenValidity: Duration.seconds(auth.tokenLifetimes.refreshSeconds),
      // CONTRACT: an unknown email gets the same answers as a wrong password.
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // No hosted UI or OAuth redirects: only the API's own endpoints hand out tokens.
      disableOAuth: true,
    });

    this.preTokenGeneration = new BgsFunction(this, 'PreTokenGeneration', {
      entry: PROJECT_CODE_ENTRIES['pre-token-generation'].entry,
      code: props.preTokenGenerationCode,
      description: `BGS project ${props.projectId}: role and org_id claims into tokens (Cognito pre token generation V2)`,
      environment: { [ENV.PROJECT_TABLE_NAME]: props.tableName },
      // Two consistent GetItems: the member pointer, then the member (DynamoMembershipLookup).
      statements: [new iam.PolicyStatement({ sid: 'ReadMembership', actions: ['dynamodb:GetItem'], resources: [props.tableArn] })],
      memorySize: 512,
      // Cognito waits 5 s for a trigger, then fails the sign-in.
      timeout: Duration.seconds(5),
      logRetention: props.logRetention,
      destroyOnRemoval: destroy,
    });
    // V2_0, or Cognito sends V1_0 events and every access token lacks its role (the handler
    // refuses V1_0 events loudly).
    this.userPool.addTrigger(cognito.UserPoolOperation.PRE_TOKEN_GENERATION_CONFIG, this.preTokenGeneration.function, cognito.LambdaVersion.V2_0);
  }
}
