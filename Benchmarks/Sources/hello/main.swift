// The start-up anchor: the smallest Swift program that loads Foundation and prints a line.
import Foundation

print(String(format: "hello, %@", "world"))
