// RUN: %divlint --block-dim=128 --report-all --format=json %s | %python %S/Inputs/json_fields.py | FileCheck %s
// Lambdas nested 40 deep (CuTe and Thrust nest them through for_each and unrolled loops): the
// search for device functions walks each body once. It walked a lambda's body through its
// LambdaExpr and again through its class's call operator, twice per level of nesting: 2^40
// walks, a run that never ended. The branch at the outermost level and the device function of
// a class local to the innermost lambda (found only by that walk) are both reported.
__global__ void nested(int *out, int n) {
  auto l0 = [&](int v) {
    // CHECK-DAG: [[@LINE+1]]:9 rule=divergent-branch construct=if class=lane-varying
    if (threadIdx.x % 2 == v) out[0] = v;
    auto l1 = [&](int v) {
      auto l2 = [&](int v) {
        auto l3 = [&](int v) {
          auto l4 = [&](int v) {
            auto l5 = [&](int v) {
              auto l6 = [&](int v) {
                auto l7 = [&](int v) {
                  auto l8 = [&](int v) {
                    auto l9 = [&](int v) {
                      auto l10 = [&](int v) {
                        auto l11 = [&](int v) {
                          auto l12 = [&](int v) {
                            auto l13 = [&](int v) {
                              auto l14 = [&](int v) {
                                auto l15 = [&](int v) {
                                  auto l16 = [&](int v) {
                                    auto l17 = [&](int v) {
                                      auto l18 = [&](int v) {
                                        auto l19 = [&](int v) {
                                          auto l20 = [&](int v) {
                                            auto l21 = [&](int v) {
                                              auto l22 = [&](int v) {
                                                auto l23 = [&](int v) {
                                                  auto l24 = [&](int v) {
                                                    auto l25 = [&](int v) {
                                                      auto l26 = [&](int v) {
                                                        auto l27 = [&](int v) {
                                                          auto l28 = [&](int v) {
                                                            auto l29 = [&](int v) {
                                                              auto l30 = [&](int v) {
                                                                auto l31 = [&](int v) {
                                                                  auto l32 = [&](int v) {
                                                                    auto l33 = [&](int v) {
                                                                      auto l34 = [&](int v) {
                                                                        auto l35 = [&](int v) {
                                                                          auto l36 = [&](int v) {
                                                                            auto l37 = [&](int v) {
                                                                              auto l38 = [&](int v) {
                                                                                auto l39 = [&](int v) {
                                                                                  struct Inner {
                                                                                    __device__ static int f(int w) {
                                                                                      // CHECK-DAG: [[@LINE+1]]:91 rule=divergent-branch construct=if class=lane-varying {{.*}} function=f
                                                                                      if (threadIdx.x % 4 == w) return 1;
                                                                                      return 0;
                                                                                    }
                                                                                  };
                                                                                  out[1] = v;
                                                                                  };
                                                                                  l39(v);
                                                                                };
                                                                                l38(v);
                                                                              };
                                                                              l37(v);
                                                                            };
                                                                            l36(v);
                                                                          };
                                                                          l35(v);
                                                                        };
                                                                        l34(v);
                                                                      };
                                                                      l33(v);
                                                                    };
                                                                    l32(v);
                                                                  };
                                                                  l31(v);
                                                                };
                                                                l30(v);
                                                              };
                                                              l29(v);
                                                            };
                                                            l28(v);
                                                          };
                                                          l27(v);
                                                        };
                                                        l26(v);
                                                      };
                                                      l25(v);
                                                    };
                                                    l24(v);
                                                  };
                                                  l23(v);
                                                };
                                                l22(v);
                                              };
                                              l21(v);
                                            };
                                            l20(v);
                                          };
                                          l19(v);
                                        };
                                        l18(v);
                                      };
                                      l17(v);
                                    };
                                    l16(v);
                                  };
                                  l15(v);
                                };
                                l14(v);
                              };
                              l13(v);
                            };
                            l12(v);
                          };
                          l11(v);
                        };
                        l10(v);
                      };
                      l9(v);
                    };
                    l8(v);
                  };
                  l7(v);
                };
                l6(v);
              };
              l5(v);
            };
            l4(v);
          };
          l3(v);
        };
        l2(v);
      };
      l1(v);
  };
  l0(n);
}
