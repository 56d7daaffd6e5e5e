// Irreducible control flow: a loop with two entries (A and B), each reachable from the other,
// and a goto web with no structure at all. The analysis must terminate.
__global__ void twoEntries(int *o, int n) {
  int i = threadIdx.x, v = 0;
  if (i % 2) goto B;
A:
  v += 1;
  if (v > n) goto done;
B:
  v += i;
  if (v % 3) goto A;
  if (v < 100) goto B;
done:
  if (v & 1) o[i] = v;
}

__global__ void web(int *o, int n) {
  int i = threadIdx.x, v = 0;
L0: v += 1; if ((v + i) % 2) goto L3; if (v > n) goto L5;
L1: v += 2; if ((v + i) % 3) goto L0; if (v > n) goto L4;
L2: v += 3; if ((v + i) % 5) goto L1; if (v > n) goto L0;
L3: v += 4; if ((v + i) % 7) goto L2; if (v > n) goto L1;
L4: v += 5; if ((v + i) % 11) goto L5; if (v > n) goto L2;
L5: v += 6; if (v < 1000) goto L4;
  if (v == n) o[i] = v;
}
