/**
 * Control-plane identity: one Cognito user pool and one app client. The handlers call Cognito's
 * unauthenticated APIs (SignUp, InitiateAuth, ...) with the client id and verify the access
 * tokens themselves (DESIGN.md "Tokens"). The client has a secret only so that Cognito's threat
 * protection may take each caller's address from them (UserContextData): the auth routes read it
 * from Cognito (cognito-idp:DescribeUserPoolClient on the pool, their only Cognito permission).
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { userPoolEmail } from '../shared/user-pool-mail';
import { Construct } from 'constructs';
import { cognitoIssuerUrl, cognitoJwksUrl } from '../../lambdas/core/aws-endpoints';

export interface ControlPlaneIdentityProps {
  /**
   * Delete the user pool with the stack (development stacks only). Off, the pool keeps
   * deletion protection and is retained, so accounts survive a mistaken `cdk destroy`.
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

export class ControlPlaneIdentity extends Construct {
  public readonly userPool: cognito.UserPool;
  public readonly userPoolClient: cognito.UserPoolClient;
  /** Expected `iss` of the pool's tokens. */
  public readonly tokenIssuer: string;
  /** Where the pool publishes its signing keys. */
  public readonly jwksUrl: string;

  constructor(scope: Construct, id: string, props: ControlPlaneIdentityProps = {}) {
    super(scope, id);
    const destroy = props.destroyOnRemoval ?? false;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // The service description: "Signup is self-service with email verification".
      selfSignUpEnabled: true,
      signInAliases: { email: true }, // the email is the username
      signInCaseSensitive: false,
      autoVerify: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE, // entered at POST /auth/confirm
        emailSubject: 'Your BGS verification code',
        emailBody: 'Your BGS verification code is {####}',
      },
      // A changed address stays unverified until confirmed, so the old one keeps working.
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The service description's policy: 8+ characters, upper, lower, a number; symbols optional.
      passwordPolicy: {
        minLength: 8,
        requireUppercase: true,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // "Login has brute-force protection": Cognito's lock-out plus threat protection
      // (compromised credentials, adaptive authentication), which needs the Plus plan.
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      mfa: cognito.Mfa.OFF,
      deletionProtection: !destroy,
      email: userPoolEmail(this, props.mailFrom, 'BGS'),
      removalPolicy: destroy ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });

    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The service description fixes the password policy: at least 8 characters with an uppercase letter, ' +
        'a lowercase letter and a number, "a special character is optional"; requiring symbols would break it.',
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'The contract signs in with email and password and POST /auth/login answers tokens directly; ' +
        'required MFA would add a challenge step the API does not have. Brute force is covered by Cognito ' +
        'lock-out, threat protection (Plus plan, full function) and the auth rate limit per address and account.',
    });

    this.userPoolClient = this.userPool.addClient('Client', {
      // Threat protection (Plus, full function) judges sign-ins by the caller's address. Called from
      // Lambda, Cognito sees Lambda's unless the handlers pass the caller's in UserContextData, which
      // Cognito accepts only from a client with a secret and this setting (issue 28 item 4). The
      // secret never leaves the handlers, so no one calls Cognito directly around BGS's rate limits.
      generateSecret: true,
      enablePropagateAdditionalUserContextData: true,
      // USER_PASSWORD_AUTH for /auth/login; CDK adds ALLOW_REFRESH_TOKEN_AUTH for /auth/refresh.
      authFlows: { userPassword: true },
      // The service description's lifetimes: access 1 h, ID 1 h, refresh 30 days.
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // No hosted UI or OAuth redirects: only the API's own endpoints hand out tokens.
      disableOAuth: true,
    });

    const stack = Stack.of(this);
    this.tokenIssuer = cognitoIssuerUrl(stack.region, stack.urlSuffix, this.userPool.userPoolId);
    this.jwksUrl = cognitoJwksUrl(this.tokenIssuer);
  }
}
