// Host code only: valid, nothing to analyze.
int add(int a, int b) { return a + b; }
int main() { return add(1, 2) - 3; }
