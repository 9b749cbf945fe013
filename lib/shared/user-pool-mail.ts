/**
 * How a user pool mails its codes (issue 28 item 2). Cognito's default sender serves every pool
 * of the account from one small daily quota: past it, signups and password resets fail (the
 * adapter answers 503 naming the cause). Given the address of an SES identity verified in the
 * stack's region, a pool sends through SES instead (DEVELOPER sending: Cognito's service-linked
 * role sends as that identity), with a configuration set of its own for sending events; without
 * one the pool keeps the default sender, fine for trying things out, and synthesis says so.
 */
import { Annotations, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

export const DEFAULT_SENDER_WARNING = 'bgs:cognitoDefaultSender';

/** The pool's `email` setting: SES from `mailFrom`, or undefined (Cognito's default sender) with a warning. */
export function userPoolEmail(scope: Construct, mailFrom: string | undefined, fromName: string): cognito.UserPoolEmail | undefined {
  if (!mailFrom) {
    Annotations.of(scope).addWarningV2(
      DEFAULT_SENDER_WARNING,
      "This user pool mails its codes through Cognito's default sender, whose small daily quota every pool of the account shares: fine for trying things out; for real users set -c bgs:mailFrom=<an address of an SES identity verified in this region>.",
    );
    return undefined;
  }
  const configurationSet = new ses.ConfigurationSet(scope, 'MailConfigurationSet');
  return cognito.UserPoolEmail.withSES({
    fromEmail: mailFrom,
    fromName,
    configurationSetName: configurationSet.configurationSetName,
    // The stack's own region (a token for an environment-agnostic stack): the identity is verified there.
    sesRegion: Stack.of(scope).region,
  });
}
