/**
 * Jest's node environment, with the process's own typed arrays: onnxruntime-node's native code
 * makes its output tensors' arrays in the process's realm, and onnxruntime-common (loaded inside the
 * test's realm) refuses any that are not its realm's Float32Array. Tests that run the models use it.
 */
import { TestEnvironment } from 'jest-environment-node';

export default class OnnxEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    Object.assign(this.global, {
      Float32Array,
      Int32Array,
      BigInt64Array,
      Uint8Array,
      Int8Array,
      Uint16Array,
      Int16Array,
      Float64Array,
      Uint32Array,
      BigUint64Array,
      ArrayBuffer,
    });
  }
}
