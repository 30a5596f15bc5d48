import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';

export interface MonitoringStackProps extends StackProps {
  apiId: string;
  functions: ReadonlyMap<string, lambda.IFunction>;
  /** the API's access log: its 403 answers are counted (the security alarm on refusals) */
  apiAccessLogs?: logs.ILogGroup;
  /** the log groups of the sign-in functions (password and identity provider): their failed sign-ins are counted */
  signInLogs?: readonly logs.ILogGroup[];
  table: dynamodb.ITableV2;
  distributionId: string;
  /** alarm e-mails go here (a subscription to confirm) */
  alarmEmail?: string;
  /** CloudFront metrics exist only in us-east-1: its alarm is made only when the stack is there */
  cloudFrontAlarm: boolean;
}

/** Alarm thresholds: 5xx share of API answers, any function error or throttle, any DynamoDB throttle, CloudFront 5xx share. */
export const ALARMS = {
  api5xxPercent: 5,
  /** below this many requests in 5 minutes the 5xx share is not judged (a single error at night is not an incident) */
  api5xxMinRequests: 20,
  cloudFront5xxPercent: 5,
  /** failed or locked-out sign-ins in 5 minutes (a guessing campaign; one person mistyping stays far below) */
  failedSignIns: 50,
  /** 403 answers in 5 minutes (requests around the edge, or someone probing what they may not do) */
  forbidden: 50,
} as const;

/** The namespace of the metrics the security log's filters make. */
export const SECURITY_METRICS = 'Assay/Security';
/** the security events (functions/lib/logger.ts) a failed sign-in writes */
export const FAILED_SIGN_IN_PATTERN = '{ ($.security IS TRUE) && (($.event = "signin.failure") || ($.event = "signin.locked")) }';
/** a 403 in the API's JSON access log */
export const FORBIDDEN_PATTERN = '{ $.status = "403" }';
/** the functions whose logs hold the sign-in events */
export const SIGN_IN_FUNCTIONS = ['login', 'federatedSignIn'] as const;

/** One SNS topic for every alarm, the alarms themselves, and a dashboard. Cost when idle: a few alarms and a dashboard. */
export class MonitoringStack extends Stack {
  readonly topic: sns.Topic;
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Assay alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
    const notify = new actions.SnsAction(this.topic);
    const period = Duration.minutes(5);

    const apiMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName, dimensionsMap: { ApiId: props.apiId }, statistic: 'Sum', period });
    const api5xxRate = new cloudwatch.MathExpression({
      expression: `IF(requests >= ${ALARMS.api5xxMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { errors: apiMetric('5xx'), requests: apiMetric('Count') },
      label: 'API 5xx %',
      period,
    });
    new cloudwatch.Alarm(this, 'Api5xxRate', {
      alarmDescription: `More than ${ALARMS.api5xxPercent}% of API answers were 5xx in 5 minutes`,
      metric: api5xxRate,
      threshold: ALARMS.api5xxPercent,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(notify);

    // Lambda errors and throttles, summed over groups of functions (an alarm's metric math takes up to 10 metrics)
    const fns = [...props.functions.entries()];
    for (const kind of ['Errors', 'Throttles'] as const) {
      for (let i = 0; i < fns.length; i += 10) {
        const group = fns.slice(i, i + 10);
        const usingMetrics = Object.fromEntries(
          group.map(([routeId, fn], k) => [`m${k}`, fn.metric(kind, { statistic: 'Sum', period, label: routeId })]),
        );
        new cloudwatch.Alarm(this, `Lambda${kind}${i / 10 + 1}`, {
          alarmDescription: `Lambda ${kind.toLowerCase()} in: ${group.map(([routeId]) => routeId).join(', ')}`,
          metric: new cloudwatch.MathExpression({ expression: Object.keys(usingMetrics).join(' + '), usingMetrics, period, label: `Lambda ${kind}` }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }).addAlarmAction(notify);
      }
    }

    // The security log: CloudWatch metric filters count failed sign-ins (the sign-in functions' security events) and
    // 403 answers (the API's access log); an alarm on each sends to the same topic
    const failedSignIns = new cloudwatch.Metric({ namespace: SECURITY_METRICS, metricName: 'FailedSignIns', statistic: 'Sum', period });
    for (const [i, logGroup] of (props.signInLogs ?? []).entries()) {
      new logs.MetricFilter(this, `FailedSignInsFilter${i + 1}`, {
        logGroup,
        filterPattern: logs.FilterPattern.literal(FAILED_SIGN_IN_PATTERN),
        metricNamespace: SECURITY_METRICS,
        metricName: 'FailedSignIns',
        metricValue: '1',
        defaultValue: 0,
      });
    }
    new cloudwatch.Alarm(this, 'FailedSignIns', {
      alarmDescription: `More than ${ALARMS.failedSignIns} failed or locked-out sign-ins in 5 minutes`,
      metric: failedSignIns,
      threshold: ALARMS.failedSignIns,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(notify);
    const forbidden = new cloudwatch.Metric({ namespace: SECURITY_METRICS, metricName: 'Forbidden', statistic: 'Sum', period });
    if (props.apiAccessLogs) {
      new logs.MetricFilter(this, 'ForbiddenFilter', {
        logGroup: props.apiAccessLogs,
        filterPattern: logs.FilterPattern.literal(FORBIDDEN_PATTERN),
        metricNamespace: SECURITY_METRICS,
        metricName: 'Forbidden',
        metricValue: '1',
        defaultValue: 0,
      });
      new cloudwatch.Alarm(this, 'ForbiddenSpike', {
        alarmDescription: `More than ${ALARMS.forbidden} answers of 403 in 5 minutes`,
        metric: forbidden,
        threshold: ALARMS.forbidden,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    }

    const tableMetric = (metricName: string) =>
      new cloudwatch.Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: props.table.tableName }, statistic: 'Sum', period });
    new cloudwatch.Alarm(this, 'DynamoDbThrottles', {
      alarmDescription: 'DynamoDB throttled reads or writes',
      metric: new cloudwatch.MathExpression({
        expression: 'reads + writes',
        usingMetrics: { reads: tableMetric('ReadThrottleEvents'), writes: tableMetric('WriteThrottleEvents') },
        period,
        label: 'DynamoDB throttle events',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(notify);

    const cloudFront5xx = new cloudwatch.Metric({
      namespace: 'AWS/CloudFront',
      metricName: '5xxErrorRate',
      dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' },
      statistic: 'Average',
      period,
      region: 'us-east-1',
    });
    if (props.cloudFrontAlarm) {
      new cloudwatch.Alarm(this, 'CloudFront5xxRate', {
        alarmDescription: `More than ${ALARMS.cloudFront5xxPercent}% of CloudFront answers were 5xx`,
        metric: cloudFront5xx,
        threshold: ALARMS.cloudFront5xxPercent,
        evaluationPeriods: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    }

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: `${Stack.of(this).stackName}` });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'API requests and errors', left: [apiMetric('Count'), apiMetric('4xx'), apiMetric('5xx')], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'API latency (p50, p99)',
        left: [
          new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: 'Latency', dimensionsMap: { ApiId: props.apiId }, statistic: 'p50', period }),
          new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: 'Latency', dimensionsMap: { ApiId: props.apiId }, statistic: 'p99', period }),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: 'Lambda errors', left: fns.map(([routeId, fn]) => fn.metricErrors({ period, label: routeId })), width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Lambda duration p99', left: fns.map(([routeId, fn]) => fn.metricDuration({ period, statistic: 'p99', label: routeId })), width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'DynamoDB capacity and throttles',
        left: [tableMetric('ConsumedReadCapacityUnits'), tableMetric('ConsumedWriteCapacityUnits')],
        right: [tableMetric('ReadThrottleEvents'), tableMetric('WriteThrottleEvents')],
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: 'Security: failed sign-ins and 403 answers', left: [failedSignIns, forbidden], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'CloudFront requests and 5xx %',
        left: [new cloudwatch.Metric({ namespace: 'AWS/CloudFront', metricName: 'Requests', dimensionsMap: { DistributionId: props.distributionId, Region: 'Global' }, statistic: 'Sum', period, region: 'us-east-1' })],
        right: [cloudFront5xx],
        width: 12,
      }),
    );
  }
}
