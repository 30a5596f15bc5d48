import { NagSuppressions } from 'cdk-nag';
import type { AppFunction } from './constructs/app-function';
import type { ApiStack } from './stacks/api-stack';
import type { AuthStack } from './stacks/auth-stack';
import type { DataStack } from './stacks/data-stack';
import type { MonitoringStack } from './stacks/monitoring-stack';
import type { WebStack } from './stacks/web-stack';

/**
 * Every cdk-nag AwsSolutions finding we accept, each with its reason. Anything not listed here fails
 * `npm test` (test/infra/stacks.test.ts, "cdk-nag AwsSolutions") and `npm run synth`.
 */
export function applyNagSuppressions(
  stacks: { data: DataStack; auth: AuthStack; api: ApiStack; web: WebStack; monitoring: MonitoringStack },
  opts: { threatProtection: boolean; customCertificate: boolean; waf: boolean },
): void {
  const { auth, api, web, monitoring } = stacks;

  NagSuppressions.addResourceSuppressions(monitoring.topic, [
    {
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry only alarm names and states; CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer-managed key would add a fixed monthly cost. The topic enforces TLS (SNS3).',
    },
  ]);

  NagSuppressions.addResourceSuppressions(auth.userPool, [
    {
      id: 'AwsSolutions-COG1',
      reason:
        'Composition rules are deliberately off (ASVS 5.0 V6.2, NIST SP 800-63B): minimum 8, up to 256 characters, and the 10,000 most common passwords are refused by our own check in the register and reset functions.',
    },
    {
      id: 'AwsSolutions-COG2',
      reason: 'MFA is not part of the product yet; sign-in is slowed by a growing per-username lockout and throttled at the API.',
    },
    ...(opts.threatProtection
      ? []
      : [{ id: 'AwsSolutions-COG8', reason: 'Threat protection (Plus plan) is an opt-in (-c threatProtection=true) because it is billed per monthly active user.' }]),
  ]);

  // Routes that must be reachable without a token: sign-in, registration, reset, session refresh/end, health.
  // (the registration routes are not deployed when sign-in goes through the firm's identity provider)
  const functions: AppFunction[] = [...api.sharedWorkers.values()];
  for (const area of api.areas.values()) {
    for (const route of area.routes.filter((r) => r.auth === 'none')) {
      NagSuppressions.addResourceSuppressions(area.httpRoutes.get(route.id)!, [
        {
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is used before a user has a token (${route.summary}); it validates its own input${route.throttle === 'auth' ? ' and has stricter throttling' : ''}.`,
        },
      ]);
    }
    functions.push(...area.routeFunctions.values(), ...area.workerFunctions.values());
  }

  for (const fn of functions) {
    NagSuppressions.addResourceSuppressions(fn.fn, [
      { id: 'AwsSolutions-L1', reason: 'Pinned to nodejs22.x by the architecture (esbuild target node20, tested on Node 20/22); upgraded deliberately, not by a linter.' },
    ]);
    NagSuppressions.addResourceSuppressions(fn.role.node.findChild('DefaultPolicy'), [
      {
        id: 'AwsSolutions-IAM5',
        reason:
          'X-Ray PutTraceSegments/PutTelemetryRecords do not support resource-level permissions; DynamoDB grants include index/* so Queries on the table\'s own GSIs work; evidence-bucket actions apply to the objects under the key prefixes the function declares (access.evidenceBucket, e.g. reports/*/sections/* or uploads/*), whose ids are made at run time; never to the whole bucket.',
        appliesTo: ['Resource::*', { regex: '/^Resource::.*Table.*Arn.*\\/index\\/\\*$/g' }, { regex: '/^Resource::.*Evidence.*Arn.*\\/\\*$/g' }],
      },
    ]);
    if (fn.invokesBedrock) {
      NagSuppressions.addResourceSuppressions(fn.role.node.findChild('DefaultPolicy'), [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'A cross-region inference profile (the default Bedrock model) sends each call to its one model in whichever region serves it, so InvokeModel names that model in every region (arn:aws:bedrock:*::foundation-model/<model>), next to the profile itself.',
          appliesTo: [{ regex: '/^Resource::arn:aws:bedrock:\\*::foundation-model\\/[a-z0-9.:-]+$/g' }],
        },
      ]);
    }
  }

  if (api.originSecret) {
    NagSuppressions.addResourceSuppressions(api.originSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'The origin-verify value is resolved into the CloudFront origin header and the functions at deploy; an automatic rotation would change it under a running distribution. Rotate by putting a new value and redeploying (README).',
      },
    ]);
  }

  // CDK's own BucketDeployment custom resource (copies the SPA build into the site bucket).
  const deployment = web.node.findAll().find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
  if (deployment) {
    NagSuppressions.addResourceSuppressions(
      deployment,
      [
        { id: 'AwsSolutions-IAM4', reason: 'CDK-managed BucketDeployment handler uses the AWS basic execution role.' },
        { id: 'AwsSolutions-IAM5', reason: 'CDK-managed BucketDeployment needs object-level wildcards on the asset and site buckets to copy and prune files.' },
        { id: 'AwsSolutions-L1', reason: 'Runtime chosen by aws-cdk-lib for its BucketDeployment handler.' },
      ],
      true,
    );
  }

  // CDK's AwsCustomResource singleton that sets the evidence bucket's CORS to the distribution's origin
  if (web.evidenceCors) {
    NagSuppressions.addResourceSuppressionsByPath(
      web,
      `/${web.stackName}/AWS679f53fac002430cb0da5b7982bd2287`,
      [
        { id: 'AwsSolutions-IAM4', reason: 'CDK-managed AwsCustomResource handler uses the AWS basic execution role (logs only); its one action is s3:PutBucketCORS on the evidence bucket.' },
        { id: 'AwsSolutions-L1', reason: 'Runtime chosen by aws-cdk-lib for its AwsCustomResource handler.' },
      ],
      true,
    );
  }

  NagSuppressions.addResourceSuppressions(web.distribution, [
    ...(opts.customCertificate
      ? []
      : [{ id: 'AwsSolutions-CFR4', reason: 'Without a custom domain CloudFront serves its default certificate, whose TLS policy CloudFront fixes; set domainName and certificateArn to enforce TLSv1.2_2021.' }]),
    { id: 'AwsSolutions-CFR1', reason: 'Staff of the provider work from many countries; no geo restriction.' },
    ...(opts.waf ? [] : [{ id: 'AwsSolutions-CFR2', reason: 'WAF is an opt-in (-c enableWaf=true) because of its fixed monthly cost; the API has throttling.' }]),
  ]);

}
