import h5wasm from "h5wasm/node";

/** Opens a new HDF5 file for writing at a real path (the node build of h5wasm uses the real filesystem). */
export async function createHdf5(path: string, build: (f: InstanceType<typeof h5wasm.File>) => void): Promise<void> {
  await h5wasm.ready;
  const f = new h5wasm.File(path, "w");
  try {
    build(f);
  } finally {
    f.close();
  }
}
