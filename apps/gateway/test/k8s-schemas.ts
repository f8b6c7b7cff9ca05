// Schema checks of rendered manifests: every object against the Kubernetes JSON schema of its
// kind, through the model classes of `kubernetes-models` (the library the hosting runtime builds
// its objects with). A kind missing here fails the check, so a new kind gets added on purpose.
import type { Model, ModelData } from '@kubernetes-models/base';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Role } from 'kubernetes-models/rbac.authorization.k8s.io/v1/Role';
import { RoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/RoleBinding';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolume } from 'kubernetes-models/v1/PersistentVolume';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { errorMessage } from '@platform/errors';

type Validator = (object: unknown) => void;

function model<T>(ctor: new (data?: ModelData<T>) => Model<T>): Validator {
  return (object) => new ctor(object as ModelData<T>).validate();
}

const VALIDATORS: Record<string, Validator> = {
  'apps/v1/Deployment': model(Deployment),
  'autoscaling/v2/HorizontalPodAutoscaler': model(HorizontalPodAutoscaler),
  'batch/v1/Job': model(Job),
  'networking.k8s.io/v1/Ingress': model(Ingress),
  'networking.k8s.io/v1/NetworkPolicy': model(NetworkPolicy),
  'policy/v1/PodDisruptionBudget': model(PodDisruptionBudget),
  'rbac.authorization.k8s.io/v1/Role': model(Role),
  'rbac.authorization.k8s.io/v1/RoleBinding': model(RoleBinding),
  'v1/ConfigMap': model(ConfigMap),
  'v1/Namespace': model(Namespace),
  'v1/PersistentVolume': model(PersistentVolume),
  'v1/PersistentVolumeClaim': model(PersistentVolumeClaim),
  'v1/Secret': model(Secret),
  'v1/Service': model(Service),
  'v1/ServiceAccount': model(ServiceAccount),
};

/**
 * kustomize's secretGenerator wraps long base64 values over several lines; the API server decodes
 * them with Go's base64, which skips line breaks, while the schema's `byte` format does not.
 */
function unwrapSecretData(object: { kind: string; data?: Record<string, string> }): object {
  if (object.kind !== 'Secret' || !object.data) return object;
  const data = Object.fromEntries(Object.entries(object.data).map(([k, v]) => [k, v.replace(/\n/g, '')]));
  return { ...object, data };
}

/** The schema's complaint about an object, or null when it is valid. */
export function schemaViolation(object: {
  apiVersion: string;
  kind: string;
  data?: Record<string, string>;
}): string | null {
  const validate = VALIDATORS[`${object.apiVersion}/${object.kind}`];
  if (!validate) return `no schema for ${object.apiVersion} ${object.kind} (add its model to k8s-schemas.ts)`;
  try {
    validate(unwrapSecretData(object));
    return null;
  } catch (e) {
    return errorMessage(e);
  }
}
