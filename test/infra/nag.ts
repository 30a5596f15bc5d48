import { Stage, type Stack } from 'aws-cdk-lib';
import { SynthesisMessageLevel } from 'aws-cdk-lib/cx-api';

/**
 * cdk-nag's unsuppressed AwsSolutions errors in these stacks, as `<stack> <construct path>: <message>`.
 * Read from the app's synthesis (the one the stacks' Templates came from): Annotations.fromStack synthesizes the
 * whole app again for every stack it is given, which made the nag checks most of the infra tests' time.
 */
export function nagErrors(stacks: Stack[]): string[] {
  return stacks.flatMap((stack) => {
    const stage = Stage.of(stack);
    if (!stage) throw new Error(`${stack.stackName} is in no app`);
    return stage
      .synth()
      .getStackArtifact(stack.artifactId)
      .messages.filter((m) => m.level === SynthesisMessageLevel.ERROR && /AwsSolutions-/.test(String(m.entry.data)))
      .map((m) => `${stack.stackName} ${m.id}: ${String(m.entry.data).slice(0, 100)}`);
  });
}
