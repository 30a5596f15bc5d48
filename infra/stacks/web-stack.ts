import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import * as cr from 'aws-cdk-lib/custom-resources';
import { evidenceBucketCors } from '@shared/resources/buckets';
import type { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '@shared/constants';
import { contentSecurityPolicy, securityHeaders, type RuntimeConfig } from '@shared/resources/web';

export interface WebStackProps extends StackProps {
  /** the built SPA (frontend/dist) */
  webDir: string;
  apiDomain: string;
  /** Secrets Manager name of the origin-verify value CloudFront adds to every API request (ApiStack) */
  originSecretName?: string;
  /** the evidence bucket's regional domain, for presigned browser uploads (CSP connect-src) */
  evidenceBucketDomain: string;
  logsBucket: s3.IBucket;
  runtimeConfig: RuntimeConfig;
  production: boolean;
  domainName?: string;
  certificateArn?: string;
  /**
   * the evidence bucket, when its CORS must name this distribution's domain (no custom domain: the data stack
   * cannot know it, so this stack sets the rule once the distribution exists)
   */
  evidenceBucketCors?: { bucketName: string; bucketArn: string };
  /** a WAF web ACL (CloudFront scope, so this stack must be in us-east-1) with a rate limit on /api/auth/* */
  waf?: boolean;
}

/** Requests per IP per 5 minutes to /api/auth/* before WAF blocks that IP for a while. */
export const AUTH_RATE_LIMIT = 100;

/**
 * Rewrites SPA routes (no file extension) to /index.html at the edge, so unknown paths get the app
 * while /api errors and missing assets keep their real status (no 403/404 error-page swallowing).
 */
const SPA_REWRITE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('/api/') === 0 || uri === '/api') return request;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The SPA bucket behind CloudFront (OAC), with `/api/*` routed to the HTTP API and strict security headers. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly distributionId: string;
  /** sets the evidence bucket's CORS to this distribution's origin (no custom domain) */
  readonly evidenceCors?: cr.AwsCustomResource;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);

    const siteBucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ connectSrc: [`https://${props.evidenceBucketDomain}`] }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(securityHeaders.strictTransportSecurity.maxAgeSeconds),
          includeSubdomains: securityHeaders.strictTransportSecurity.includeSubdomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      },
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const webAcl = props.waf ? this.webAcl() : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      ...(props.domainName && props.certificateArn
        ? {
            domainNames: [props.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Cert', props.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(webAcl ? { webAclId: webAcl.attrArn } : {}),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        functionAssociations: [{ function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomain, {
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            // read by name from Secrets Manager at deploy (a dynamic reference, so not in the template)
            ...(props.originSecretName
              ? { customHeaders: { [ORIGIN_VERIFY_HEADER]: SecretValue.secretsManager(props.originSecretName).unsafeUnwrap() } }
              : {}),
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });

    this.distributionId = this.distribution.distributionId;
    // the app's origin: what the deploy config's appUrl names for the links in emails when there is no custom domain
    new CfnOutput(this, 'AppUrl', { value: `https://${props.domainName ?? this.distribution.distributionDomainName}`, description: 'The app\'s URL (set appUrl to it for links in emails)' });

    if (props.evidenceBucketCors) {
      const { bucketName, bucketArn } = props.evidenceBucketCors;
      const putCors = {
        service: 'S3',
        action: 'putBucketCors',
        parameters: {
          Bucket: bucketName,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: [`https://${this.distribution.distributionDomainName}`],
                AllowedMethods: [...evidenceBucketCors.allowedMethods],
                AllowedHeaders: [...evidenceBucketCors.allowedHeaders],
                ExposeHeaders: [...evidenceBucketCors.exposedHeaders],
                MaxAgeSeconds: evidenceBucketCors.maxAgeSeconds,
              },
            ],
          },
        },
        physicalResourceId: cr.PhysicalResourceId.of(`${bucketName}-cors`),
      };
      this.evidenceCors = new cr.AwsCustomResource(this, 'EvidenceBucketCors', {
        onCreate: putCors,
        onUpdate: putCors,
        policy: cr.AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['s3:PutBucketCORS'], resources: [bucketArn] })]),
        installLatestAwsSdk: false,
      });
    }

    new s3deploy.BucketDeployment(this, 'DeploySite', {
      destinationBucket: siteBucket,
      sources: [s3deploy.Source.asset(props.webDir), s3deploy.Source.jsonData('config.json', props.runtimeConfig)],
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/config.json'],
      prune: true,
    });
  }

  /** Off by default (a web ACL has a fixed monthly cost): a rate limit on the auth routes and AWS's known-bad-inputs rules. */
  private webAcl(): wafv2.CfnWebACL {
    const visibility = (metricName: string) => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });
    return new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('assay-web-acl'),
      rules: [
        {
          name: 'rate-limit-auth',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: AUTH_RATE_LIMIT,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  searchString: '/api/auth/',
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('assay-rate-limit-auth'),
        },
        {
          name: 'aws-known-bad-inputs',
          priority: 1,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesKnownBadInputsRuleSet' } },
          visibilityConfig: visibility('assay-known-bad-inputs'),
        },
      ],
    });
  }
}
