// Inline-asm operands that nvcc reads without the comma between them: the text divlint parses
// gets the comma in a blank's place, same length, nothing else changed.
#include "divlint/Frontend/NvccSyntax.h"
#include <gtest/gtest.h>

using namespace divlint;

TEST(NvccSyntax, MissingCommaBetweenOperandsIsPutInABlanksPlace) {
  // FasterTransformer's hmma_fp32: `"r"(a.x) "r"(a.y)`.
  std::string Text = "asm volatile(\"mma %0, %1;\"\n"
                     "             : \"=f\"(c.x), \"=f\"(c.y)\n"
                     "             : \"r\"(a.x) \"r\"(a.y), \"r\"(b), \"f\"(zero));\n";
  auto Out = withAsmOperandCommas(Text);
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "asm volatile(\"mma %0, %1;\"\n"
                  "             : \"=f\"(c.x), \"=f\"(c.y)\n"
                  "             : \"r\"(a.x),\"r\"(a.y), \"r\"(b), \"f\"(zero));\n");
  EXPECT_EQ(Out->size(), Text.size());
}

TEST(NvccSyntax, NamedOperandsAndQualifiers) {
  auto Out = withAsmOperandCommas("__asm__ __volatile__ (\"add %0, %1\" : [o] \"=r\"(x) [i] "
                                  "\"r\"(y) :: \"memory\");");
  ASSERT_TRUE(Out);
  EXPECT_EQ(*Out, "__asm__ __volatile__ (\"add %0, %1\" : [o] \"=r\"(x),[i] \"r\"(y) :: "
                  "\"memory\");");
}

TEST(NvccSyntax, WellFormedAndOtherTextIsLeftAlone) {
  // Operands with commas; a template of adjacent strings; asm in comments and strings; an
  // identifier that contains asm; a call whose arguments look like operands.
  for (const char *Text :
       {"asm(\"mov %0, %1;\" : \"=r\"(x) : \"r\"(y), \"r\"(z));",
        "asm volatile(\"a\" \"b\" \"c\" ::: \"memory\");",
        "// asm(\"x\" : \"=r\"(a) \"r\"(b));\nint k;",
        "const char *s = \"asm(: \\\"r\\\"(a) \\\"r\\\"(b))\";",
        "int plasma(int a) { return f(\"r\"(a) \"r\"); }",
        "asm(\"x\" : \"=r\"(a)\n\"r\"(b));", // only a newline between them: kept (lines stay)
        "int x = 1'000; asm(\"nop\");"})
    EXPECT_FALSE(withAsmOperandCommas(Text)) << Text;
}
